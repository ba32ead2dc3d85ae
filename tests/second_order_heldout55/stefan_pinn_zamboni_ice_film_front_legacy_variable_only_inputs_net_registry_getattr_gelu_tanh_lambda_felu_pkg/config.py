"""One-phase Stefan problem for the water film left by an ice resurfacer (Zamboni):
the film (0 < x < s(t)) freezes from the slab side; the front s(t) moves up as latent
heat is conducted away. Non-dimensional units; all settings in one nested dict."""

CFG = {
    "net": {
        "name": "gated_mlp",
        "widths": [2, 32, 32, 1],
        "act": "GELU",
        "act_kwargs": {"approximate": "tanh"},
    },
    "front": {"hidden": 16, "s0": 0.3},
    "physics": {"alpha": 0.8, "stefan": 1.5, "t_end": 1.0, "T_air": -0.6},
    "train": {
        "epochs": 3,
        "n_interior": 64,
        "n_front": 16,
        "n_bc": 16,
        "lr": 2e-3,
        "w_res": 1.0,
        "w_stefan": 1.0,
        "w_bc": 10.0,
    },
}
