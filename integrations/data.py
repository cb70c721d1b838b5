#!/usr/bin/env python3
"""Writes a deterministic NDJSON file of GitHub-issue-like records for
examples/github/github.map, with a known sprinkling of lines that must be
rejected, for the integration checks under integrations/.

The same arguments always give the same bytes (a fixed seed and the Python
standard library only), so a check can compare what an engine wrote with
what one `maplang run` process writes for the same file.

Lines that map (records):
  - ordinary issues, open or closed, with or without assignee and labels;
  - `non-ascii`: a title with é, “quotes” and an emoji written as UTF-8,
    and a body with such characters written as \\u escapes (a surrogate
    pair included);
  - `escaped-tab`: a title and body holding `\\t` (an escaped tab: the line
    itself holds no tab byte, which matters to Hadoop Streaming's key/value
    convention);
  - `raw-cr` (only with --raw-cr): a carriage return byte as white space
    between two members, valid JSON that maplang maps, but that Hadoop's
    and Spark's default line reader take for the end of a line.

Lines that must be rejected (their kinds, as in the manifest):
  - `empty-title`: "title": "" (rule `nonEmpty`);
  - `missing-key`: no "created_at" key;
  - `wrong-state`: "state": "reopened" (not a case of IssueState);
  - `closed-without-date`: closed with "closed_at": null (a `check`);
  - `invalid-json`: a record cut off in the middle;
  - `empty-line`: nothing between two newlines;
  - `invalid-utf8` (only with --invalid-utf8): a title holding the Latin-1
    byte 0xE9 where UTF-8 wants two bytes.

Every kind appears at least once, more often in larger files (about one
line in 300 is special), at positions drawn from the seeded generator and
spread over the whole file, so that each split or partition of a large file
holds some. The file ends with a newline.

usage: data.py --lines N [--seed S] [--invalid-utf8] [--raw-cr] [-o FILE] [--manifest FILE]

--manifest FILE writes a JSON object: the line count, and for each kind the
1-based numbers of its lines ("rejects" lists every line that must be
rejected, sorted).
"""

import argparse
import json
import random
import sys

REJECT_KINDS = [
    "empty-title",
    "missing-key",
    "wrong-state",
    "closed-without-date",
    "invalid-json",
    "empty-line",
]
MAPPED_SPECIAL_KINDS = ["non-ascii", "escaped-tab"]

WORDS = (
    "dates feed parser crash title empty label color login avatar timeout cache "
    "window scroll build release docs typo link search filter export import "
    "locale zone offset hour minute encoder decoder stream buffer memory leak"
).split()
LOGINS = ["ada-l", "ghopper", "ltorv", "kthompson", "dritchie", "bliskov", "mhamilton", "aturing"]
LABELS = [
    ("bug", "d73a4a", "Something isn't working"),
    ("enhancement", "a2eeef", "New feature or request"),
    ("good first issue", "7057ff", None),
    ("documentation", "0075ca", "Improvements or additions to documentation"),
    ("question", "D876E3", "Further information is requested"),
]
REPO = "https://api.github.com/repos/maplang/demo"


def user(login, uid, admin):
    """A user object as the GitHub API writes it."""
    api = "https://api.github.com/users/" + login
    return {
        "login": login, "id": uid, "node_id": "MDQ6VXNlcj%d" % uid,
        "avatar_url": "https://avatars.githubusercontent.com/u/%d?v=4" % uid,
        "gravatar_id": "", "url": api, "html_url": "https://github.com/" + login,
        "followers_url": api + "/followers", "following_url": api + "/following{/other_user}",
        "gists_url": api + "/gists{/gist_id}", "starred_url": api + "/starred{/owner}{/repo}",
        "subscriptions_url": api + "/subscriptions", "organizations_url": api + "/orgs",
        "repos_url": api + "/repos", "events_url": api + "/events{/privacy}",
        "received_events_url": api + "/received_events", "type": "User",
        "user_view_type": "public", "site_admin": admin,
    }


def stamp(seconds):
    """An ISO 8601 UTC date, `seconds` after 2016-01-01T00:00:00Z (no
    datetime arithmetic needed beyond days of a 366-day year)."""
    days, rest = divmod(seconds, 86400)
    days %= 366
    month_days = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    month = 0
    while days >= month_days[month]:
        days -= month_days[month]
        month += 1
    h, rest = divmod(rest, 3600)
    m, s = divmod(rest, 60)
    return "2016-%02d-%02dT%02d:%02d:%02dZ" % (month + 1, days + 1, h, m, s)


def issue(rng, number):
    """An ordinary issue that github.map maps."""
    state = rng.choice(["open", "closed"])
    created = rng.randrange(0, 300 * 86400)
    updated = created + rng.randrange(0, 30 * 86400)
    closed = updated if state == "closed" else None
    reporter = rng.randrange(len(LOGINS))
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 9))).capitalize()
    body = None
    if rng.random() < 0.8:
        body = "\r\n".join(
            " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 12)))
            for _ in range(rng.randint(1, 4))
        )
    assignee = None
    if rng.random() < 0.5:
        a = rng.randrange(len(LOGINS))
        assignee = user(LOGINS[a], 1000 + a, a == 0)
    labels = []
    for i in sorted(rng.sample(range(len(LABELS)), rng.randint(0, 3))):
        name, color, description = LABELS[i]
        labels.append({
            "id": 101 + i, "node_id": "LA_kwDOAbc%d" % (101 + i),
            "url": REPO + "/labels/" + name.replace(" ", "%20"), "name": name,
            "color": color, "default": i == 0, "description": description,
        })
    url = "%s/issues/%d" % (REPO, number)
    return {
        "url": url, "repository_url": REPO, "labels_url": url + "/labels{/name}",
        "comments_url": url + "/comments", "events_url": url + "/events",
        "html_url": "https://github.com/maplang/demo/issues/%d" % number,
        "id": 2300000000 + number, "node_id": "I_kwDOAbc%05d" % number,
        "number": number, "title": title,
        "user": user(LOGINS[reporter], 1000 + reporter, False),
        "labels": labels, "state": state, "locked": False, "assignee": assignee,
        "assignees": [assignee] if assignee else [], "milestone": None,
        "comments": rng.randrange(0, 20), "created_at": stamp(created),
        "updated_at": stamp(updated), "closed_at": stamp(closed) if closed is not None else None,
        "author_association": "CONTRIBUTOR", "active_lock_reason": None, "body": body,
        "closed_by": assignee if state == "closed" else None,
        "reactions": {"url": url + "/reactions", "total_count": 0, "+1": 0, "-1": 0,
                      "laugh": 0, "hooray": 0, "confused": 0, "heart": 0, "rocket": 0, "eyes": 0},
        "timeline_url": url + "/timeline", "performed_via_github_app": None,
        "state_reason": "completed" if state == "closed" else None,
    }


def dumps(record, ascii_only=False):
    """One NDJSON line (without its newline) as bytes, UTF-8."""
    return json.dumps(record, ensure_ascii=ascii_only, separators=(",", ":")).encode("utf-8")


def special_line(kind, rng, number):
    """The bytes of one line of the given kind."""
    record = issue(rng, number)
    if kind == "non-ascii":
        # The title as UTF-8 bytes, the body as \u escapes (😀 becomes the
        # surrogate pair \ud83d\ude00).
        record["title"] = "Café crème: “smart quotes” and emoji 🎉 in titles"
        record["body"] = "__ESCAPED__"
        escaped = json.dumps("naïve façade — 😀 ünïcödé, 日本語", ensure_ascii=True)[1:-1]
        return dumps(record).replace(b"__ESCAPED__", escaped.encode("ascii"))
    if kind == "escaped-tab":
        record["title"] = "Column\tseparated\ttitle"
        record["body"] = "a\tb\nc"
        return dumps(record)
    if kind == "empty-title":
        record["title"] = ""
        return dumps(record)
    if kind == "missing-key":
        del record["created_at"]
        return dumps(record)
    if kind == "wrong-state":
        record["state"] = "reopened"
        return dumps(record)
    if kind == "closed-without-date":
        record["state"] = "closed"
        record["closed_at"] = None
        return dumps(record)
    if kind == "invalid-json":
        line = dumps(record)
        return line[: len(line) // 2]
    if kind == "empty-line":
        return b""
    if kind == "raw-cr":
        return dumps(record).replace(b',"title":', b',\r"title":', 1)
    if kind == "invalid-utf8":
        record["title"] = "Caf__LATIN1__ au lait"
        return dumps(record).replace(b"__LATIN1__", b"\xe9")
    raise ValueError(kind)


def generate(lines, seed, invalid_utf8=False, raw_cr=False):
    """Returns (list of line bytes, manifest dict)."""
    rng = random.Random(seed)
    kinds = (REJECT_KINDS + (["invalid-utf8"] if invalid_utf8 else [])
             + MAPPED_SPECIAL_KINDS + (["raw-cr"] if raw_cr else []))
    # Each kind gets max(1, lines // (300 * len(kinds))) lines, at distinct
    # positions drawn from the whole file.
    per_kind = max(1, lines // (300 * len(kinds)))
    wanted = per_kind * len(kinds)
    if lines < wanted:
        raise SystemExit("data.py: --lines must be at least %d" % wanted)
    positions = rng.sample(range(lines), wanted)
    kind_at = {}
    for i, position in enumerate(positions):
        kind_at[position] = kinds[i % len(kinds)]
    out = []
    manifest = {"lines": lines, "seed": seed, "kinds": {k: [] for k in kinds}}
    for i in range(lines):
        number = i + 1
        kind = kind_at.get(i)
        if kind is None:
            out.append(dumps(issue(rng, number)))
        else:
            out.append(special_line(kind, rng, number))
            manifest["kinds"][kind].append(number)
    manifest["rejects"] = sorted(n for k in kinds if k not in MAPPED_SPECIAL_KINDS + ["raw-cr"]
                                 for n in manifest["kinds"][k])
    return out, manifest


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, required=True, help="how many lines to write")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--invalid-utf8", action="store_true",
                        help="include lines that are not valid UTF-8")
    parser.add_argument("--raw-cr", action="store_true",
                        help="include a line with a carriage return as white space")
    parser.add_argument("-o", "--output", help="the NDJSON file (standard output if absent)")
    parser.add_argument("--manifest", help="where to write the JSON manifest")
    args = parser.parse_args()
    lines, manifest = generate(args.lines, args.seed, args.invalid_utf8, args.raw_cr)
    out = open(args.output, "wb") if args.output else sys.stdout.buffer
    with out:
        for line in lines:
            out.write(line)
            out.write(b"\n")
    if args.manifest:
        with open(args.manifest, "w") as f:
            json.dump(manifest, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
