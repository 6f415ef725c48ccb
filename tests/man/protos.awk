# SPDX-License-Identifier: GPL-2.0-or-later
# The function prototypes of include/aamed.h (man=0) or of a manual
# page's SYNOPSIS (man=1), one a line: "NAME<TAB>PROTOTYPE", the prototype
# with comments dropped and white space normalised (one space between
# words, none inside parentheses, around '*' or before ',' and ';'), so
# that the header's and a page's read the same when they agree.
#   awk -v man=1 -f tests/man/protos.awk man/aamed_exec.3

# A roff line of the synopsis as the text it prints: .B joins its
# arguments with spaces, .BI, .BR, .IR, .RB, .IB and .I alternate fonts
# and join them without.
function roff_text(line,    macro, rest, out, tok, sep) {
	if (line !~ /^\.(B|I|BI|BR|IR|RB|IB|RI)( |$)/)
		return line ~ /^\./ ? "" : line
	macro = line
	sub(/ .*/, "", macro)
	rest = line
	sub(/^\.[A-Z]+ ?/, "", rest)
	sep = macro == ".B" || macro == ".I" ? " " : ""
	out = ""
	while (rest != "") {
		sub(/^ +/, "", rest)
		if (rest == "")
			break
		if (substr(rest, 1, 1) == "\"") {
			rest = substr(rest, 2)
			tok = rest
			sub(/".*/, "", tok)
			rest = substr(rest, length(tok) + 2)
		} else {
			tok = rest
			sub(/ .*/, "", tok)
			rest = substr(rest, length(tok) + 1)
		}
		out = out (out == "" ? "" : sep) tok
	}
	gsub(/\\f[BIRP]/, "", out)
	gsub(/\\-/, "-", out)
	gsub(/\\\(dq/, "\"", out)
	gsub(/\\e/, "\\", out)
	return out
}

function normalise(s) {
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", s)
	gsub(/[ \t]+/, " ", s)
	gsub(/ ?\* ?/, "*", s)
	gsub(/\( /, "(", s)
	gsub(/ \)/, ")", s)
	gsub(/ ,/, ",", s)
	gsub(/ ;/, ";", s)
	sub(/^ /, "", s)
	sub(/ $/, "", s)
	return s
}

function emit(s,    name) {
	s = normalise(s)
	name = s
	sub(/\(.*/, "", name)
	sub(/.*[^A-Za-z0-9_]/, "", name)
	print name "\t" s
}

# Collect from a line that starts a declaration of an aamed_ function to
# the line that ends it with ");".
function feed(text) {
	if (!inproto) {
		if (text !~ /^[A-Za-z_][^(]*[^A-Za-z0-9_(]?aamed_[a-z0-9_]*\(/ ||
		    text ~ /^(typedef|#|return)/)
			return
		inproto = 1
		proto = ""
	}
	proto = proto " " text
	if (text ~ /\);/) {
		sub(/\);.*/, ");", proto)
		emit(proto)
		inproto = 0
	}
}

man && /^\.SH / {
	insyn = $0 ~ /^\.SH SYNOPSIS/
	next
}
man {
	if (insyn)
		feed(roff_text($0))
	next
}
{
	feed($0)
}
