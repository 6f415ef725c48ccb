# Family-only rules: every type of the family.
profile n_family {
  network inet,
  network packet dgram,
}
