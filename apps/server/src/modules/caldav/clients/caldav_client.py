"""Drives Hearth's CalDAV tree with python-caldav (the library Home Assistant uses), as a phone would.

Reads one JSON argument (base URL, people, passwords, names to look for) and prints one JSON object of
what it saw; the vitest file beside it asserts on that and checks Hearth's API afterwards.
"""

import json
import sys
from datetime import datetime, timezone

import caldav
from caldav.lib import error
from icalendar import Event

args = json.loads(sys.argv[1])
base = args["base"]
out = {}


def client(username, password):
    # Discovery starts at the server root, as a person would type it.
    return caldav.DAVClient(url=base + "/", username=username, password=password)


def refused(call):
    """The error class a refused call raises, or None when it went through."""
    try:
        call()
    except (error.NotFoundError, error.AuthorizationError, error.DAVError) as e:
        return type(e).__name__
    return None


ana = args["ana"]
dav = client(ana["username"], ana["password"])
principal = dav.principal()
out["principal"] = str(principal.url)
out["home"] = str(principal.calendar_home_set.url)
calendars = principal.calendars()
out["calendars"] = sorted(
    [
        {
            "url": str(c.url),
            "name": c.get_display_name(),
            "components": sorted(c.get_supported_components()),
        }
        for c in calendars
    ],
    key=lambda c: c["url"],
)
by_end = {str(c.url).rstrip("/").rsplit("/", 1)[-1]: c for c in calendars}
house, tasks = by_end["house"], by_end["tasks"]

# A weekly series made on the phone, then one occurrence changed (RECURRENCE-ID).
uid = "real-client-yoga@python-caldav"
created = house.save_event(
    "\r\n".join(
        [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//python-caldav//Hearth test//EN",
            "BEGIN:VEVENT",
            f"UID:{uid}",
            "DTSTAMP:20261128T100000Z",
            "DTSTART:20300107T170000Z",
            "DTEND:20300107T180000Z",
            "RRULE:FREQ=WEEKLY;COUNT=4",
            "SUMMARY:Yoga",
            "END:VEVENT",
            "END:VCALENDAR",
            "",
        ]
    )
)
event = house.event_by_uid(uid)
out["event_url"] = str(event.url)
stale_etag = dav.request(str(event.url), "GET").headers.get("etag")
changed = Event()
changed.add("uid", uid)
changed.add("dtstamp", datetime(2026, 11, 28, 10, tzinfo=timezone.utc))
changed.add("recurrence-id", datetime(2030, 1, 14, 17, tzinfo=timezone.utc))
changed.add("dtstart", datetime(2030, 1, 14, 19, tzinfo=timezone.utc))
changed.add("dtend", datetime(2030, 1, 14, 20, tzinfo=timezone.utc))
changed.add("summary", "Yoga (late)")
event.icalendar_instance.add_component(changed)
event.save()
reread = house.event_by_uid(uid).data
out["event_has_override"] = "RECURRENCE-ID" in reread and "Yoga (late)" in reread
out["event_has_rrule"] = "RRULE:FREQ=WEEKLY;COUNT=4" in reread

# A write based on the copy from before the change is refused: the app must fetch again.
stale = dav.put(
    str(event.url),
    reread.replace("Yoga (late)", "Yoga (stale)"),
    {"If-Match": stale_etag, "Content-Type": "text/calendar; charset=utf-8"},
)
out["stale_etag"] = stale_etag
out["stale_put_status"] = stale.status

# The house task ticked off in the to-do list; Hearth moves the rotation on.
todo = next(t for t in tasks.todos() if "Bins" in t.data)
todo.complete(completion_timestamp=datetime.now(timezone.utc))
after = [t.data for t in tasks.todos() if "Bins" in t.data]
out["todo_after"] = after[0] if after else None

# What must stay out of reach: a housemate's reminders, another house's calendar.
bob_reminders = caldav.Calendar(client=dav, url=f"{base}/dav/calendars/{args['bob_username']}/reminders/")
out["housemate_reminders"] = refused(lambda: bob_reminders.todos())
out["housemate_reminder_status"] = dav.request(f"{base}{args['bob_reminder_href']}", "GET").status
out["housemate_reminder_under_own_status"] = dav.request(
    f"{base}{args['bob_reminder_href'].replace(args['bob_username'], ana['username'])}", "GET"
).status
other_house = caldav.Calendar(client=dav, url=f"{base}/dav/calendars/{args['cara_username']}/house/")
out["other_house_calendar"] = refused(lambda: other_house.events())
out["other_house_object_status"] = dav.request(f"{base}{args['cara_event_href']}", "GET").status
out["other_house_under_own_status"] = dav.request(
    f"{base}{args['cara_event_href'].replace(args['cara_username'], ana['username'])}", "GET"
).status

# A removed app password signs in no more.
revoked = client(ana["username"], args["revoked_password"])
out["revoked"] = refused(lambda: revoked.principal().calendars())

print(json.dumps(out))
