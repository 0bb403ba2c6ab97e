"""skilllint.reading.markdown: positions are file positions (1-based lines and character columns, exclusive ends)."""

from __future__ import annotations

import textwrap

from hypothesis import given, settings
from hypothesis import strategies as st

from skilllint.reading.markdown import CodeSpan, Fence, HtmlComment, Link, scan


def md(text: str) -> str:
    return textwrap.dedent(text).lstrip("\n")


def spans(text: str, first_line: int = 1) -> list[str]:
    return [span.text for span in scan(text, first_line).code_spans]


def at(text: str, line: int, column: int, end_line: int, end_column: int) -> str:
    """The text between two 1-based positions of `text` (the test's view of the file)."""
    lines = text.split("\n")
    if line == end_line:
        return lines[line - 1][column - 1:end_column - 1]
    parts = [lines[line - 1][column - 1:]] + lines[line:end_line - 1] + [lines[end_line - 1][:end_column - 1]]
    return "\n".join(parts)


# --- code spans ------------------------------------------------------------------------------------

def test_code_span_position_is_exact_and_shifted_by_first_line():
    body = "Intro line\n\nUse the `Read` tool to open files.\n"
    [span] = scan(body, first_line=7).code_spans
    assert span == CodeSpan("Read", 9, 10, 9, 14, "Use the ", " tool to open files.")
    assert at(body, span.line - 6, span.column, span.end_line - 6, span.end_column) == "Read"


def test_columns_count_characters_not_bytes():
    [span] = scan("héllo → `Bash` ✓").code_spans
    assert (span.column, span.end_column) == (10, 14)
    assert span.before == "héllo → " and span.after == " ✓"


def test_double_backticks_hold_single_ones_and_strip_one_space_each_side():
    body = "Write `` `a` `` here"
    [span] = scan(body).code_spans
    assert span.text == "`a`"
    assert at(body, span.line, span.column, span.end_line, span.end_column) == "`a`"
    assert span.before == "Write " and span.after == " here"


def test_space_stripping_rules():
    assert spans("` a `") == ["a"]
    assert spans("`  a  `") == [" a "]  # only one space each side
    assert spans("` a`") == [" a"]  # both sides needed
    assert spans("` `") == [" "]  # all spaces: kept
    assert spans("`  `") == ["  "]


def test_unmatched_backticks_are_literal_and_do_not_swallow_later_spans():
    assert spans("a `` b `c` d") == ["c"]
    assert spans("``` x ``") == []
    assert spans("`open only") == []
    assert spans("run `a` and ``b`` and `c`") == ["a", "b", "c"]


def test_closer_must_be_exactly_as_long():
    assert spans("`a``b`") == ["a``b"]
    assert spans("``a`b``") == ["a`b"]


def test_escaped_backtick_does_not_open():
    assert spans(r"not \`code\` here") == []
    assert spans(r"\``code`") == ["code"]  # the escape eats one backtick; the rest opens
    assert spans(r"\\`code`") == ["code"]  # an escaped backslash does not escape the backtick


def test_backslash_inside_code_is_literal():
    assert spans(r"`foo\`bar`") == ["foo\\"]


def test_multi_line_span_within_a_paragraph():
    body = "Run `npm\n  install` first"
    [span] = scan(body).code_spans
    assert span.text == "npm install"
    assert (span.line, span.column, span.end_line, span.end_column) == (1, 6, 2, 10)
    assert span.after == " first"


def test_span_does_not_cross_a_blank_line_or_block_start():
    assert spans("a `b\n\nc` d") == []
    assert spans("- a `b\n- c` d") == []
    assert spans("a `b\n# c` d") == []
    assert spans("# a `b\nc` d") == []
    assert spans("| a `b |\n| c` d |") == []
    assert spans("a `b\n```\nc` d\n```\n") == []
    assert spans("a `b\n> c` d") == []  # a block quote interrupts the paragraph
    assert spans("> a `b\n> c` d") == ["b c"]  # ... but continues a quoted one
    assert spans("a `b\n```c`d") == ["b ```c"]  # not a fence (backtick in the info string): text


def test_stripped_leading_line_ending_moves_the_start_to_the_content():
    body = "x `\nfoo `"
    [span] = scan(body).code_spans
    assert span.text == "foo"
    assert (span.line, span.column, span.end_line, span.end_column) == (2, 1, 2, 4)


def test_context_is_cut_at_the_paragraph_and_drops_list_markers():
    body = md("""
        First paragraph.

        - use the `Grep` tool
          to search
        - next item
        """)
    [span] = scan(body).code_spans
    assert span.before == "use the "
    assert span.after == " tool to search"


def test_context_spans_continuation_lines_and_is_bounded():
    body = ("A long sentence that goes on and on and on, then\n"
            "calls `Edit` on the file and continues for a very long time afterwards")
    [span] = scan(body).code_spans
    assert span.before.endswith("on and on, then calls ")
    assert len(span.before) <= 41 and len(span.after) <= 40
    assert span.after.startswith(" on the file")


def test_context_in_headings_tables_and_quotes():
    body = md("""
        ## The `Task` tool
        Body text.

        | `Read` | reads |
        | `Write` | writes |

        > Prefer `Glob` over find
        """)
    found = {span.text: span for span in scan(body).code_spans}
    assert found["Task"].before == "The " and found["Task"].after == " tool"
    assert found["Read"].before == "| " and found["Read"].after == " | reads |"
    assert found["Write"].before == "| "
    assert found["Glob"].before == "Prefer " and found["Glob"].after == " over find"


def test_escaped_pipe_in_a_table_cell_is_unescaped_like_gfm():
    body = "| field | type |\n| --- | --- |\n| `a` | `string \\| null` |\n\nOutside `x \\| y`"
    assert spans(body) == ["a", "string | null", "x \\| y"]
    span = scan(body).code_spans[1]
    assert body.split("\n")[2][span.column - 1:span.end_column - 1] == "string \\| null"  # the raw extent


def test_context_with_a_long_prefix_on_the_same_line():
    body = "x" * 60 + " `Bash`"
    [span] = scan(body).code_spans
    assert span.before == "x" * 39 + " "


# --- fences ----------------------------------------------------------------------------------------

def test_fence_positions_info_and_contents_hidden():
    body = md("""
        Text `a`.

        ```bash
        echo `not a span` [x](y) <!-- no -->
        ```
        After `b`.
        """)
    result = scan(body, first_line=3)
    assert result.fences == [Fence(5, 7, "bash", False)]
    assert [s.text for s in result.code_spans] == ["a", "b"]
    assert result.links == [] and result.comments == []
    assert [line for line in range(1, 12) if result.in_fence(line)] == [5, 6, 7]


def test_unclosed_fence_runs_to_the_end():
    body = "a\n```python\nx = `1`\n# not a heading\n"
    result = scan(body)
    assert result.fences == [Fence(2, 4, "python", False)]
    assert result.code_spans == [] and result.headings == []


def test_unclosed_fence_without_trailing_newline():
    assert scan("```\ncode").fences == [Fence(1, 2, "", False)]
    assert scan("```").fences == [Fence(1, 1, "", False)]


def test_tilde_fence_and_closing_rules():
    body = md("""
        ~~~~ text
        ```
        ~~~
        `x`
        ~~~~~
        `y`
        """)
    result = scan(body)
    assert result.fences == [Fence(1, 5, "text", False)]  # ``` and a shorter ~~~ do not close it
    assert spans(body) == ["y"]


def test_longer_closing_fence_and_closer_with_text_does_not_close():
    body = "```\na\n``` not a closer\n`x`\n`````\n`y`\n"
    result = scan(body)
    assert result.fences == [Fence(1, 5, "", False)]
    assert spans(body) == ["y"]


def test_backtick_fence_info_cannot_hold_backticks():
    body = "```foo``` is inline\n`x`"
    result = scan(body)
    assert result.fences == []
    assert spans(body) == ["foo", "x"]


def test_fence_inside_list_item():
    body = md("""
        1. Run the script:
           ```bash
           python `x`.py
           ```
        2. Then use `Read`.
              ```
              nested deeper
              ```
        """)
    result = scan(body)
    assert result.fences == [Fence(2, 4, "bash", False), Fence(6, 8, "", False)]
    assert spans(body) == ["Read"]


def test_deeper_fence_inside_an_example_does_not_close_it():
    body = md("""
        ````markdown
        Example:
            ```bash
            ls
            ```
        Still inside `x`
        ````
        `out`
        """)
    result = scan(body)
    assert result.fences == [Fence(1, 7, "markdown", False)]
    assert spans(body) == ["out"]


def test_fence_in_block_quote():
    body = "> ```ts\n> const a = `b`;\n> ```\n> then `c`\n"
    result = scan(body)
    assert result.fences == [Fence(1, 3, "ts", False)]
    assert spans(body) == ["c"]


def test_fence_right_after_an_html_tag_line_is_still_a_fence():
    # CommonMark would swallow the opener into an HTML block (and then mis-pair every later fence);
    # authors (and the agents reading the skill) mean a fence, as in obra/superpowers' <Good>/<Bad> examples.
    body = "<Good>\n```ts\nconst a = `x`;\n\nrun();\n```\n</Good>\n\nThen `y`.\n"
    result = scan(body)
    assert result.fences == [Fence(2, 6, "ts", False)]
    assert spans(body) == ["y"]


def test_fence_interrupts_a_paragraph():
    assert scan("text\n```\ncode\n```\n").fences == [Fence(2, 4, "", False)]


# --- indented code ---------------------------------------------------------------------------------

def test_indented_code_after_a_paragraph():
    body = "Run this:\n\n    python `x`.py\n\n    more\n\nAfter `y`.\n"
    result = scan(body, first_line=10)
    assert result.fences == [Fence(12, 14, "", True)]
    assert spans(body) == ["y"]
    assert result.in_fence(13) and not result.in_fence(15)


def test_indented_text_in_a_list_is_not_code():
    body = md("""
        1. Step one

            Continue with `Read`.

        - item
          lazy

              deeper `Edit`
        """)
    result = scan(body)
    assert result.fences == []
    assert spans(body) == ["Read", "Edit"]


def test_list_ends_at_an_unindented_paragraph():
    body = "- item\n\nParagraph.\n\n    code `x`\n"
    assert scan(body).fences == [Fence(5, 5, "", True)]


def test_indented_line_without_blank_line_is_continuation():
    body = "Paragraph\n    continued `x`\n"
    assert scan(body).fences == [] and spans(body) == ["x"]


def test_indented_code_at_the_start_and_with_tabs():
    assert scan("    code\ntext").fences == [Fence(1, 1, "", True)]
    assert scan("text\n\n\tcode `x`\n").fences == [Fence(3, 3, "", True)]


def test_indented_code_right_after_a_heading_or_a_fence():
    body = "# Usage\n    code `a`\n```\nx\n```\n    more `b`\ntext `c`\n"
    assert scan(body).fences == [Fence(2, 2, "", True), Fence(3, 5, "", False), Fence(6, 6, "", True)]
    assert spans(body) == ["c"]


def test_fence_and_list_item_inside_indented_code():
    body = "Intro\n\n    - not a list\n    ```\n    still code\n"
    result = scan(body)
    assert len(result.fences) >= 1 and all(result.in_fence(line) for line in (3, 4, 5))


# --- links -----------------------------------------------------------------------------------------

def test_inline_link_and_title():
    body = 'See [the docs](./docs/ref.md "Reference") now.'
    [link] = scan(body, first_line=4).links
    assert link == Link("./docs/ref.md", "the docs", False, 4, 16, 29)
    assert body[link.column - 1:link.end_column - 1] == "./docs/ref.md"


def test_image_and_angle_target():
    body = "![a diagram](<my file.png>) and ![](x.svg)"
    links = scan(body).links
    assert links[0] == Link("my file.png", "a diagram", True, 1, 15, 26)
    assert links[1].target == "x.svg" and links[1].image and links[1].text == ""


def test_nested_brackets_and_badge_inside_link():
    body = "[![badge](img/b.svg)](https://example.com) and [a [b] c](t.md)"
    links = scan(body).links
    assert [(link.target, link.image) for link in links] == [
        ("img/b.svg", True), ("https://example.com", False), ("t.md", False)]
    assert links[1].text == "![badge](img/b.svg)" and links[2].text == "a [b] c"


def test_link_target_with_parentheses_and_escapes():
    links = scan(r"[x](a_(b).md) [y](c\_d.md)").links
    assert [link.target for link in links] == ["a_(b).md", "c_d.md"]
    assert links[1].end_column - links[1].column == len(r"c\_d.md")


def test_not_links():
    assert scan("[text] (no.md)").links == []  # space before (
    assert scan("[a](has space.md)").links == []
    assert scan(r"\[a](b.md)").links == []  # escaped bracket
    assert scan("`[a](b.md)`").links == []  # inside a code span
    assert scan("<!-- [a](b.md) -->").links == []
    assert scan("```\n[a](b.md)\n```").links == []
    assert scan("[a\n\nb](c.md)").links == []


def test_code_span_inside_link_text_is_fine():
    [link] = scan("[`Read` docs](read.md)").links
    assert link.target == "read.md" and link.text == "`Read` docs"


def test_empty_target():
    [link] = scan("[a]() b").links
    assert link.target == "" and link.column == link.end_column == 5


def test_autolinks():
    body = "Go to <https://example.com/a?b=1> or mail <me@example.com>; not <div> or <a b>."
    links = scan(body, first_line=2).links
    assert links == [Link("https://example.com/a?b=1", "https://example.com/a?b=1", False, 2, 8, 33),
                     Link("me@example.com", "me@example.com", False, 2, 44, 58)]


def test_backticks_inside_autolink_are_not_code():
    result = scan("<https://x.org/`a`> and `b`")
    assert [s.text for s in result.code_spans] == ["b"]
    assert result.links[0].target == "https://x.org/`a`"


def test_reference_definitions():
    body = md("""
        Text with [a link][ref].

        [ref]: ./references/api.md "API"
        [other]: <with space.md>
          [indented]: x.md
        [^1]: a footnote, not a link
        """)
    links = scan(body, first_line=10).links
    assert [(link.target, link.text, link.line, link.column) for link in links] == [
        ("./references/api.md", "ref", 12, 8),
        ("with space.md", "other", 13, 11),
        ("x.md", "indented", 14, 15),
    ]


def test_reference_definition_needs_a_paragraph_start_and_a_clean_line():
    assert scan("Some text\n[a]: b.md\n").links == []
    assert scan("[note]: this is prose\n").links == []
    assert scan("# Title\n[a]: b.md\n").links[0].target == "b.md"


# --- comments --------------------------------------------------------------------------------------

def test_inline_comment_position():
    body = "Text <!-- note --> more `x`"
    result = scan(body, first_line=3)
    assert result.comments == [HtmlComment(" note ", 3, 10, 3, 16)]
    assert [s.text for s in result.code_spans] == ["x"]


def test_multi_line_comment_hides_its_content_even_across_blank_lines():
    body = md("""
        before
        <!--
        `hidden` [a](b.md)

        ```
        -->
        after `shown`
        """)
    result = scan(body)
    [comment] = result.comments
    assert (comment.line, comment.column, comment.end_line, comment.end_column) == (2, 5, 6, 1)
    assert comment.text == "\n`hidden` [a](b.md)\n\n```\n"
    assert spans(body) == ["shown"] and result.links == [] and result.fences == []


def test_comment_in_code_span_or_fence_is_not_a_comment():
    assert scan("`<!-- x -->`").comments == []
    assert scan("```\n<!-- x -->\n```").comments == []


def test_comment_opening_first_hides_backticks():
    result = scan("<!-- `a --> b` c")
    assert len(result.comments) == 1 and result.code_spans == []


def test_unclosed_comment_is_literal():
    result = scan("<!-- never closed `x`")
    assert result.comments == [] and [s.text for s in result.code_spans] == ["x"]


def test_short_comments():
    assert [c.text for c in scan("a <!--> b <!---> c").comments] == ["", ""]


# --- headings --------------------------------------------------------------------------------------

def test_headings():
    body = md("""
        # Title
        ## Sub `Read` ##
        ###### Six
        ####### seven is text
        #hashtag
           ### indented three
            #### four is code-ish
        ```
        # comment in code
        ```
        """)
    headings = scan(body, first_line=5).headings
    assert [(h.level, h.text, h.line) for h in headings] == [
        (1, "Title", 5), (2, "Sub `Read`", 6), (6, "Six", 7), (3, "indented three", 10)]


def test_empty_heading_and_closing_sequence():
    headings = scan("#\n# #\n# foo#\n").headings
    assert [(h.level, h.text) for h in headings] == [(1, ""), (1, ""), (1, "foo#")]


# --- robustness ------------------------------------------------------------------------------------

def test_crlf_keeps_columns():
    result = scan("Use `Read`\r\n```\r\nx\r\n```\r\n")
    assert result.code_spans[0].column == 6
    assert result.fences == [Fence(2, 4, "", False)]


def test_empty_and_whitespace():
    for body in ("", "\n", "   ", "`", "``", "```", "<", "<!--", "[", "](", "\\", "#"):
        scan(body)


def test_sanity_on_a_small_skill():
    body = md("""
        # PDF tools

        Use the `Read` tool to open `SKILL.md`, then run:

        ```bash
        python scripts/fill.py `input`
        ```

        1. Check [the forms guide](forms.md).
           ```
           nested
           ```
        2. Call `Bash` with `python -m pdf`.

        <!-- maintainers: keep this short -->
        See <https://example.com/pdf>.

        [forms]: ./forms.md
        """)
    result = scan(body, first_line=5)
    assert [s.text for s in result.code_spans] == ["Read", "SKILL.md", "Bash", "python -m pdf"]
    assert [(f.line, f.end_line, f.info) for f in result.fences] == [(9, 11, "bash"), (14, 16, "")]
    assert [link.target for link in result.links] == ["forms.md", "https://example.com/pdf", "./forms.md"]
    assert [c.text for c in result.comments] == [" maintainers: keep this short "]
    assert [(h.level, h.text, h.line) for h in result.headings] == [(1, "PDF tools", 5)]
    lines = body.split("\n")
    for span in result.code_spans:
        assert lines[span.line - 5][span.column - 1:span.end_column - 1] == span.text
    for link in result.links:
        assert lines[link.line - 5][link.column - 1:link.end_column - 1] == link.target
    assert result.in_fence(10) and result.in_fence(15) and not result.in_fence(12)


# --- the fast paths (each must give what the general path gives) ------------------------------------

def test_fast_records_are_the_real_records():
    """_code_span/_fence, filled inline and given the real class, are indistinguishable from it."""
    import pickle

    from skilllint.core.records import fields
    from skilllint.reading.markdown import _code_span, _fence, _new

    cases = ((_code_span, CodeSpan, ("a", 1, 2, 3, 4, "b", "c")), (_fence, Fence, (1, 2, "py", False)))
    for fast, cls, values in cases:
        names = fields(cls)
        assert fast.__slots__ == cls.__slots__ == names
        made = _new(fast)
        for name, value in zip(names, values, strict=True):
            setattr(made, name, value)
        made.__class__ = cls
        real = cls(*values)
        assert made == real and hash(made) == hash(real) and repr(made) == repr(real)
        assert pickle.loads(pickle.dumps(made)) == real
    [span] = scan("a `b` c").code_spans  # the inlined copy
    assert type(span) is CodeSpan and span == CodeSpan("b", 1, 4, 1, 5, "a ", " c")


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("\n\n \t>#|-+*=_1.)ab`") + ["é", "\u2028"]), max_size=80))
def test_boundary_shortcut_agrees_with_the_regexes(text):
    from skilllint.reading.markdown import _boundary, _boundary_by_regex

    for nl, char in enumerate(text):
        if char == "\n":
            assert _boundary(text, nl) == _boundary_by_regex(text, nl), (text, nl)


def test_fences_are_numbered_between_spans_and_unclosed_at_the_end():
    body = ("Intro `a`\n\n```py\nx = `no`\n```\nThen `b` and `c`\n- `d`\n- `e`\n\n~~~\n`f`\n~~~\n"
            "last `g`\n```sh\nunclosed\n")
    result = scan(body, first_line=3)
    assert [(f.line, f.end_line, f.info) for f in result.fences] == [(5, 7, "py"), (12, 14, ""), (16, 17, "sh")]
    assert [(s.text, s.line, s.column) for s in result.code_spans] == [
        ("a", 3, 8), ("b", 8, 7), ("c", 8, 15), ("d", 9, 4), ("e", 10, 4), ("g", 15, 7)]
    assert [(s.before, s.after) for s in result.code_spans[1:3]] == [("Then ", " and `c`"), ("Then `b` and ", "")]
    result = scan("`a`\n```\ncode", first_line=3)  # unclosed, no final newline
    assert [(f.line, f.end_line) for f in result.fences] == [(4, 5)] and result.code_spans[0].line == 3
    assert [(f.line, f.end_line) for f in scan("x\n```\ncode\n").fences] == [(2, 3)]  # (the final newline ends it)


def test_long_fence_info_is_kept_whole():
    body = "```" + "x" * 150 + "\nbody `not`\n```\nafter `y`\n"
    result = scan(body)
    assert [(f.line, f.end_line, f.info) for f in result.fences] == [(1, 3, "x" * 150)]
    assert [s.text for s in result.code_spans] == ["y"]


def test_links_are_found_in_the_window_around_them():
    """The link pass masks and reads only from the first "[" to the lines after the last "](" (see _link_window)."""
    body = ('See `x](y` first.\n\nA ![badge](b.svg) and [link](\n  http://a.b "t") then `[c](d)`.\n\n'
            "Last [z](w).\n")
    result = scan(body, first_line=3)
    assert [(link.target, link.text, link.image, link.line, link.column, link.end_column) for link in result.links] == [
        ("b.svg", "badge", True, 5, 12, 17), ("http://a.b", "link", False, 6, 3, 13), ("w", "z", False, 8, 10, 11)]
    result = scan("Use [a][r] and [b](c).\n\n[r]: /target\n", first_line=3)  # with a definition: the whole body
    assert [(link.target, link.line, link.column) for link in result.links] == [("c", 3, 20), ("/target", 5, 6)]


def test_indented_comment_line_is_not_indented_code():
    result = scan("para\n\n    <!-- c -->\n\ntext `z`\n", first_line=3)
    assert result.fences == [] and [(c.text, c.line, c.column) for c in result.comments] == [(" c ", 5, 9)]


def test_context_on_list_items_headings_tables_quotes_and_wrapped_lines():
    body = ("1. `one` item\n   - [ ] `two` box\n  - `three` nested\n# Head `four`\n| `five` | `six\\|x` |\n"
            "> quoted `seven`\n> more `eight`\nplain line\ncontinued `nine` here\n")
    assert [(s.text, s.line, s.column, s.before, s.after) for s in scan(body, first_line=3).code_spans] == [
        ("one", 3, 5, "", " item"), ("two", 4, 11, "", " box"), ("three", 5, 6, "", " nested"),
        ("four", 6, 9, "Head ", ""), ("five", 7, 4, "| ", " | `six\\|x` |"), ("six|x", 7, 13, "| `five` | ", " |"),
        ("seven", 8, 11, "quoted ", " more `eight` plain line continued `ni"),
        ("eight", 9, 9, "quoted `seven` more ", " plain line continued `nine` here"),
        ("nine", 11, 12, "en` more `eight` plain line continued ", " here")]
    body = "A paragraph that is long enough to\nwrap onto `next` line and then\n`start` of a line.\n"
    assert [(s.line, s.before, s.after) for s in scan(body, first_line=3).code_spans] == [
        (4, "agraph that is long enough to wrap onto ", " line and then `start` of a line."),
        (5, "nough to wrap onto `next` line and then ", " of a line.")]


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("`~<!->[]()\\# \t\n>*-1.:ab|\r\"'") + ["é", "\u2028"]), max_size=200),
       st.integers(min_value=-5, max_value=1000))
def test_never_raises_and_positions_are_consistent(body, first_line):
    result = scan(body, first_line)
    text = body.replace("\r", " ")
    lines = text.split("\n")
    last = first_line + len(lines) - 1
    for span in result.code_spans:
        assert first_line <= span.line <= span.end_line <= last
        if span.line == span.end_line:
            assert lines[span.line - first_line][span.column - 1:span.end_column - 1] == span.text
    for fence in result.fences:
        assert first_line <= fence.line <= fence.end_line <= last
    starts = [fence.line for fence in result.fences]
    assert starts == sorted(starts)
    for before, after in zip(result.fences, result.fences[1:], strict=False):
        assert before.end_line < after.line
    for link in result.links:
        assert first_line <= link.line <= last and link.column <= link.end_column
    for comment in result.comments:
        assert first_line <= comment.line <= comment.end_line <= last


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=300))
def test_never_raises_on_arbitrary_text(body):
    scan(body)


def test_pathological_inputs_stay_linear():
    import time

    bodies = ["`" * 50000, "`a " * 30000, "[" * 50000, "[a](" * 30000, "<!--" * 30000, "\\" * 50000,
              "```\n" * 30000, "\n    x\n" * 20000, "- a\n\n  b\n\n    c\n" * 10000, "[a]: b\n" * 30000,
              ("a " * 30 + "`\n") * 5000, "".join("`" * n + " " for n in range(1, 400)), "![[[[" * 20000,
              "<a" * 30000, "# " * 50000, ("```\n" + "x\n" * 10) * 3000]
    for body in bodies:
        started = time.perf_counter()
        scan(body)
        assert time.perf_counter() - started < 1.0, body[:20]
