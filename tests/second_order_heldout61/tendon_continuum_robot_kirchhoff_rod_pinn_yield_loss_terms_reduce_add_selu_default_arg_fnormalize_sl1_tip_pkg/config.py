"""Settings of the tendon-driven continuum-robot rod PINN (plain dict, no torch)."""
import math

ROD = {
    "length": 0.25,            # m, NiTi backbone
    "EI": 0.012,               # N m^2
    "tendon_offset": 0.008,    # m
    "base_angle": math.pi / 2,
}
NET = {"width": 48, "depth": 3, "deadband_head": False}
LOSS_WEIGHTS = {
    "kin_x": 1.0,
    "kin_y": 1.0,
    "moment": 0.5,
    "base": 10.0,
    "tip_moment": 1.0,
    "tip_data": 5.0,
}
TRAIN = {"steps": 3, "n_colloc": 96, "n_tip": 32, "lr": 1e-3, "seed": 7,
         "tension_range": (0.0, 4.0), "force_range": (-0.3, 0.3), "deadband": 0.01}
