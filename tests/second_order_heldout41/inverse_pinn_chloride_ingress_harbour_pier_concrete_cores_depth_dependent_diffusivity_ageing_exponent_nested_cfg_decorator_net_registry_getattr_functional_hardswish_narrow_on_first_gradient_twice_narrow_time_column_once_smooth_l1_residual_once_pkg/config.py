"""Inverse problem settings: chloride profiles from drilled cores of a harbour pier (splash zone).

Unknowns: the depth-dependent apparent diffusion coefficient D(x) (cover concrete is more porous),
the ageing exponent m of D(t) = D(x) (t_ref / t)^m and the surface chloride content Cs.
"""
CFG = {
    "field_net": {"arch": "fourier_mlp", "width": 32, "depth": 3, "act": "hardswish",
                  "n_freq": 8, "sigma": 1.5},
    "coef_net": {"arch": "positive_mlp", "width": 16, "depth": 2, "act": "silu"},
    "physics": {"t_ref": 0.1, "init_m": 0.3, "init_cs": 0.5},
    "loss": {"data": "mse", "residual": "smooth_l1", "w_res": 1.0, "w_bc": 5.0, "w_ic": 5.0},
    "train": {"steps": 4, "n_colloc": 96, "lr": 3e-3, "seed": 9},
    "cores": {"ages_years": [2.0, 5.0, 11.0], "depths_mm": [5, 10, 20, 30, 45, 60], "noise": 0.01},
    # x is depth / 80 mm, t is age / 20 years
}
