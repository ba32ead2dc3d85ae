"""Run settings for the sunspot-map critic (no command line)."""

CONF = {
    "critic": {"channels": 8, "act": "tanh", "norm": "gn"},
    "reg": {"gp_weight": 10.0},
    "run": {"steps": 2, "batch": 4, "size": 12},
}
