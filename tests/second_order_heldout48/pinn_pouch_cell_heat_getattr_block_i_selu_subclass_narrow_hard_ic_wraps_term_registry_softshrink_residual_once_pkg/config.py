"""Physical constants (non-dimensionalised) and training settings for the pouch-cell heat PINN."""
CFG = {
    "rho_c": 1.0,         # volumetric heat capacity
    "k": 0.05,            # in-plane conductivity
    "h": 0.3,             # face cooling coefficient (plate-to-air)
    "t_amb": 0.2,         # ambient temperature
    "tabs": [(0.3, 0.95), (0.7, 0.95)],   # positive / negative tab centres on the top edge
    "tab_power": 2.0,
    "tab_width": 0.08,
    "tol": 1e-3,          # residual dead-band
    "weights": {"pde": 1.0, "bc": 0.5, "data": 2.0},
    "terms": ["pde", "bc", "data"],
    "n_interior": 96,
    "n_edge": 32,
    "n_tc": 8,            # thermocouples glued on the pouch
    "lr": 2e-3,
    "epochs": 4,
    "seed": 3,
}
