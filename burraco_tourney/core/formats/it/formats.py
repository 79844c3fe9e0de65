"""Italian date formats, where Django's own do not read as Italian (settings.FORMAT_MODULE_PATH).

A date in running text is "18 ottobre 2026": no leading zero on the day. A moment is "18 ottobre
2026, 14:30", without the weekday Django puts first: the sentences around it ("Stampato il …",
"sorteggiati il …") already bring their article, and "il domenica" is not Italian. The month
names come out in lower case from the ``date`` filter (``core.templatetags.dates``). Every other
format is Django's.
"""

DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
