"""iMAML settings for few-shot ammonite genus identification from suture-line drawings."""

IMAML = {
    "n_way": 3,
    "k_shot": 2,
    "k_query": 3,
    "inner_steps": 3,
    "inner_lr": 0.05,
    "lam": 2.0,          # proximal regularisation strength
    "cg_steps": 3,
    "fd_eps": 1e-3,      # finite-difference step of the Hessian-vector product
    "meta_lr": 1e-3,
    "meta_iters": 2,
}
