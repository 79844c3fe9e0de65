"""English date formats: one way to write a date on every English page
(settings.FORMAT_MODULE_PATH).

Django's English forms are American: month first ("Oct. 18, 2026"), a 12-hour clock ("2:30
p.m.") and the short ones all numbers ("11/10/2026"). On one screen a director in Italy read
three ways of writing a date and could not tell 10 November from 11 October. Here every form puts
the day first and keeps the 24-hour clock of the tournament's scorecards: "18 October 2026",
"18 October 2026, 14:30", short "18 Oct 2026, 14:30".
"""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
TIME_FORMAT = "H:i"
SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
MONTH_DAY_FORMAT = "j F"
