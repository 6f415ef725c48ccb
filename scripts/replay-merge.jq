# SPDX-License-Identifier: GPL-2.0-or-later
# The reports of several `aamed replay --json` runs (one document each)
# merged into one, as one run over all their logs would count it (the
# examples are the first three found, in the order the reports are given):
#   jq -s -f scripts/replay-merge.jq part.*.json
# docs/replay-at-scale.md shows it at the end of a pipeline.
def total(f): map(f) | add;
def merged(key): group_by(key)
	| map(.[0] + {count: total(.count), examples: ([.[].examples[]] | .[:3])});
# replay groups changes by request: signal and peer count, the socket's
# family and type do not (the detail shown is the first record's)
def request: [.change, .label, .operation, .name, .target, .requested,
	(.detail // "" | if test("^(signal=| peer=)") then . else null end)];
{
	version: 1, command: "replay",
	records: total(.records), rebuilt: total(.rebuilt),
	changed: total(.changed), now_denied: total(.now_denied),
	now_allowed: total(.now_allowed), not_rebuilt: total(.not_rebuilt),
	other_lines: total(.other_lines), input_errors: total(.input_errors),
	changes: ([.[].changes[]] | merged(request) | sort_by(.change, -.count)),
	unrebuildable: ([.[].unrebuildable[]] | merged(.reason) | sort_by(-.count))
}
