"""Every rule, in code order. A rule is one module here ending in `RULE = Rule(...)`.

Listing them explicitly (no import-time registration) keeps the set reviewable; the
rulebook test checks this tuple, the cards in rules/ and the fixtures agree.
"""

from skilllint.checks import (
    sl001_file_unreadable,
    sl002_not_utf8,
    sl003_file_too_large,
    sl004_binary_file,
    sl005_symlink_escapes,
    sl100_frontmatter_missing,
    sl101_frontmatter_yaml_invalid,
    sl102_frontmatter_nonportable_yaml,
    sl103_frontmatter_encoding,
    sl110_name_missing,
    sl111_name_too_long,
    sl112_name_not_lowercase,
    sl113_name_invalid_chars,
    sl114_name_hyphen_edge,
    sl115_name_consecutive_hyphens,
    sl116_name_dir_mismatch,
    sl117_name_reserved_word,
    sl118_xml_in_name_or_description,
    sl121_description_missing,
    sl122_description_too_long,
    sl126_compatibility_invalid,
    sl127_metadata_invalid,
    sl130_allowed_tools_syntax,
    sl131_allowed_tools_nonportable_form,
    sl132_unknown_field,
    sl500_skill_md_missing,
    sl501_skill_md_filename_case,
    sl700_body_too_many_lines,
    sl701_body_too_many_tokens,
)

ALL_RULES = tuple(
    module.RULE
    for module in (
        sl001_file_unreadable,
        sl002_not_utf8,
        sl003_file_too_large,
        sl004_binary_file,
        sl005_symlink_escapes,
        sl100_frontmatter_missing,
        sl101_frontmatter_yaml_invalid,
        sl102_frontmatter_nonportable_yaml,
        sl103_frontmatter_encoding,
        sl110_name_missing,
        sl111_name_too_long,
        sl112_name_not_lowercase,
        sl113_name_invalid_chars,
        sl114_name_hyphen_edge,
        sl115_name_consecutive_hyphens,
        sl116_name_dir_mismatch,
        sl117_name_reserved_word,
        sl118_xml_in_name_or_description,
        sl121_description_missing,
        sl122_description_too_long,
        sl126_compatibility_invalid,
        sl127_metadata_invalid,
        sl130_allowed_tools_syntax,
        sl131_allowed_tools_nonportable_form,
        sl132_unknown_field,
        sl500_skill_md_missing,
        sl501_skill_md_filename_case,
        sl700_body_too_many_lines,
        sl701_body_too_many_tokens,
    )
)
