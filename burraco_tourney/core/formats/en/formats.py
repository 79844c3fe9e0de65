"""English short date formats, day first (settings.FORMAT_MODULE_PATH).

Django's English short forms are American and all numbers ("11/10/2026 2:30 p.m."): a director
in Italy reading the English pages (the change log, the penalties, "published …") could not tell
10 November from 11 October. The short forms here name the month and put the day first, with a
24-hour clock, as the tournament's scorecards do: "10 Nov 2026, 14:30". The long forms ("Nov.
10, 2026") name the month already and stay Django's.
"""

SHORT_DATE_FORMAT = "j M Y"
SHORT_DATETIME_FORMAT = "j M Y, H:i"
