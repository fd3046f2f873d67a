// Answer codes of the shell's own endpoints (the harness's, as the spec shows none), shared by the
// login form and the harness slice; kept out of the first screen's protocol table.

/** email login with an email no account has; sent again with register: 1 it signs up */
export const NO_ACCOUNT = '4041'
