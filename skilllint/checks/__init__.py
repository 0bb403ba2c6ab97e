"""Every rule, in code order. A rule is one module here ending in `RULE = Rule(...)`.

Listing them explicitly (no import-time registration, no directory scan) keeps the set
reviewable; the rulebook test checks this list, the cards in rules/ and the fixtures agree.
A new rule is its module, its card, its fixtures and one line here.
"""

from importlib import import_module

RULE_MODULES = (
    "sl000_internal_error",
    "sl001_file_unreadable",
    "sl002_not_utf8",
    "sl003_file_too_large",
    "sl004_binary_file",
    "sl005_symlink_escapes",
    "sl100_frontmatter_missing",
    "sl101_frontmatter_yaml_invalid",
    "sl102_frontmatter_nonportable_yaml",
    "sl103_frontmatter_encoding",
    "sl110_name_missing",
    "sl111_name_too_long",
    "sl112_name_not_lowercase",
    "sl113_name_invalid_chars",
    "sl114_name_hyphen_edge",
    "sl115_name_consecutive_hyphens",
    "sl116_name_dir_mismatch",
    "sl117_name_reserved_word",
    "sl118_xml_in_name_or_description",
    "sl121_description_missing",
    "sl122_description_too_long",
    "sl126_compatibility_invalid",
    "sl127_metadata_invalid",
    "sl130_allowed_tools_syntax",
    "sl131_allowed_tools_nonportable_form",
    "sl132_unknown_field",
    "sl200_unknown_tool",
    "sl201_tool_alias_deprecated",
    "sl205_permission_rule_malformed",
    "sl206_mcp_tool_ref_invalid",
    "sl207_tool_name_api_incompatible",
    "sl211_alias_invisible_to_model",
    "sl212_tool_name_mismatch",
    "sl213_duplicate_tool_entry",
    "sl214_tool_not_default",
    "sl300_broken_file_reference",
    "sl302_backslash_path",
    "sl304_reference_escapes_root",
    "sl320_unknown_tool_reference",
    "sl321_tool_reference_not_declared",
    "sl400_duplicate_skill_name",
    "sl401_confusable_name",
    "sl406_tool_alias_collision",
    "sl410_tool_name_collision",
    "sl411_skill_shadows_tool",
    "sl500_skill_md_missing",
    "sl501_skill_md_filename_case",
    "sl700_body_too_many_lines",
    "sl701_body_too_many_tokens",
    "sl900_unused_suppression",
    "sl901_blanket_suppression",
    "sl902_unknown_code",
)

ALL_RULES = tuple(import_module(f"skilllint.checks.{name}").RULE for name in RULE_MODULES)
