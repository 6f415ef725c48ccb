profile i_pk flags=(kill) {
}
