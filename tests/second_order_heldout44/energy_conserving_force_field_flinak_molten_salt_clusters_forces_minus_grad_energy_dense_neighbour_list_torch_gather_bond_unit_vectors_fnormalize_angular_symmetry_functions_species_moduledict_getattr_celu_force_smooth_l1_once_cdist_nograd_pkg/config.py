"""Hyper-parameters of the FLiNaK (LiF-NaF-KF eutectic) cluster potential; plain dicts, no torch here."""

SPECIES = ("F", "Li", "Na", "K")

CONFIG = {
    "data": {"n_configs": 6, "n_atoms": 12, "box": 7.0, "seed": 5},
    "descriptor": {
        "cutoff": 5.0,
        "n_neighbours": 8,
        "radial_centres": [1.2, 1.8, 2.4, 3.0, 3.6, 4.2],
        "radial_eta": 2.0,
        "zetas": [1.0, 2.0, 4.0],
        "lambdas": [1.0, -1.0],
    },
    "model": {"hidden": [32, 32], "act": "CELU"},
    "train": {"steps": 4, "lr": 2e-3, "batch": 3, "w_energy": 1.0, "w_force": 25.0, "huber_beta": 0.1},
}
