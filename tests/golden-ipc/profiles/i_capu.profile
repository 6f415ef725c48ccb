profile i_capu flags=(unconfined) {
}
