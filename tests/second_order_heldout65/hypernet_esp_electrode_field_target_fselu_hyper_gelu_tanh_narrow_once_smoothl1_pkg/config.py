"""Wire-plate electrostatic precipitator (ESP) duct: one hypernetwork maps the duct geometry / wire voltage to the
weights of a small potential network phi(x, y). Plain settings module, no torch import."""

SETTINGS = {
    "cond_dim": 3,            # wire voltage [kV / 50], wire spacing [m], plate half-gap [m]
    "hyper_hidden": 48,
    "target_layers": [2, 24, 24, 1],
    "scenes_per_batch": 4,
    "probes_per_scene": 48,
    "boundary_points": 16,
    "steps": 4,
    "lr": 5e-4,
    "w_field": 1.0,
    "w_boundary": 10.0,
    "seed": 5,
}
