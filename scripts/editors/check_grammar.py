"""Tokenizes MapLang rules with the TextMate grammar of editors/vscode, in
textmate-grammar-python (a port of VS Code's TextMate engine), and checks:

- every example's rules files and every `maplang` block of grammar.md and
  README.md: no character but white space is left with only the root scope;
- a sample that holds each kind of token: the scopes of chosen tokens.

Prints each failure and `N passed, N failed`; exits 1 on any failure.

usage: python check_grammar.py GRAMMAR ROOT
"""

import json
import logging
import pathlib
import re
import sys

from textmate_grammar.parsers.base import LanguageParser

SAMPLE = """root Issue // the model mapped

model Issue extends Base {
  title: String from "ti\\"tle" using trim where nonEmpty, length(1...256)
  count: Int? default -12.5e3
  labels: [Label] lossy
  check count >= 0 and title != "" else "bad"
}

enum State {
  open from "o", 1
}

choice Event by type {
  "push" -> Issue
}
model One { x: Int, id: String from MessageId }
test "one" {
  input file "in.json"
}
"""

# (line, text of the token, a scope it must have), lines from 0.
EXPECTED = [
    (0, "root", "keyword.other.setting.maplang"),
    (0, "Issue", "entity.name.type.maplang"),
    (0, "//", "punctuation.definition.comment.maplang"),
    (0, " the model mapped", "comment.line.double-slash.maplang"),
    (2, "model", "keyword.declaration.maplang"),
    (2, "Issue", "entity.name.type.maplang"),
    (2, "extends", "keyword.other.extends.maplang"),
    (2, "Base", "entity.other.inherited-class.maplang"),
    (2, "{", "punctuation.section.braces.maplang"),
    (3, "title", "variable.other.property.field.maplang"),
    (3, ":", "punctuation.separator.colon.maplang"),
    (3, "String", "support.type.builtin.maplang"),
    (3, "from", "keyword.other.clause.maplang"),
    (3, "\\\"", "constant.character.escape.maplang"),
    (3, "ti", "string.quoted.double.maplang"),
    (3, "using", "keyword.other.clause.maplang"),
    (3, "trim", "variable.other.maplang"),
    (3, "where", "keyword.other.clause.maplang"),
    (3, "...", "keyword.operator.maplang"),
    (3, "256", "constant.numeric.maplang"),
    (4, "?", "keyword.operator.maplang"),
    (4, "-12.5e3", "constant.numeric.maplang"),
    (5, "[", "punctuation.section.brackets.maplang"),
    (5, "Label", "entity.name.type.maplang"),
    (5, "lossy", "keyword.other.clause.maplang"),
    (6, "check", "keyword.control.maplang"),
    (6, ">=", "keyword.operator.maplang"),
    (6, "0", "constant.numeric.maplang"),
    (6, "and", "keyword.control.maplang"),
    (6, "!=", "keyword.operator.maplang"),
    (6, "else", "keyword.control.maplang"),
    (9, "enum", "keyword.declaration.maplang"),
    (9, "State", "entity.name.type.maplang"),
    (10, ",", "punctuation.separator.comma.maplang"),
    (10, "1", "constant.numeric.maplang"),
    (13, "choice", "keyword.declaration.maplang"),
    (13, "by", "keyword.other.by.maplang"),
    (14, "->", "keyword.operator.maplang"),
    (14, "Issue", "entity.name.type.maplang"),
    (16, "One", "entity.name.type.maplang"),
    (16, "x", "variable.other.property.field.maplang"),
    (16, "MessageId", "variable.other.maplang"),
    (17, "test", "keyword.declaration.maplang"),
    (18, "input", "keyword.other.test.maplang"),
    (18, "file", "keyword.other.test.maplang"),
]


def tokens(parser, text):
    """The engine's tokens of a text: ((line, column), text, scopes)."""
    element = parser.parse_string(text)
    return element.flatten() if element is not None else []


def uncovered(parser, text):
    """The tokens of a text that only the root scope covers."""
    return [(position, token) for position, token, scopes in tokens(parser, text)
            if token.strip() and all(scope == "source.maplang" for scope in scopes)]


def main():
    grammar_path, root = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    # The engine logs each stretch no rule matches, such as a string's text.
    logging.getLogger("textmate_grammar").setLevel(logging.ERROR)
    parser = LanguageParser(json.loads(grammar_path.read_text()))
    passed, failures = 0, []

    texts = []
    for path in sorted((root / "examples").rglob("*.map")):
        if ".build" not in path.parts:
            texts.append((str(path.relative_to(root)), path.read_text()))
    for document in ("grammar.md", "README.md"):
        blocks = re.findall(r"```maplang\n(.*?)```", (root / document).read_text(), re.S)
        texts += [(f"{document} block {index + 1}", block) for index, block in enumerate(blocks)]
    if len(texts) < 10:
        failures.append(f"only {len(texts)} texts found to tokenize")
    for name, text in texts:
        left = uncovered(parser, text)
        if left:
            failures.append(f"{name}: tokens with no scope of their own: {left[:5]}")
        else:
            passed += 1

    found = tokens(parser, SAMPLE)
    for line, text, scope in EXPECTED:
        matches = [scopes for (position, token, scopes) in found if position[0] == line and token == text]
        if any(scope in scopes for scopes in matches):
            passed += 1
        else:
            failures.append(f"line {line} `{text}`: expected {scope}, found {matches}")

    for failure in failures:
        print("FAIL:", failure)
    print(f"{passed} passed, {len(failures)} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
