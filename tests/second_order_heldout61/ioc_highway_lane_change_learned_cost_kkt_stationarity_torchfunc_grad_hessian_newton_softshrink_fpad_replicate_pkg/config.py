"""Inverse optimal control of highway lane changes: settings."""
HORIZON = 12
DT = 0.25
LANE_WIDTH = 3.6
COST = {"hidden": (32, 32), "features": ("lane", "lateral_speed", "accel", "jerk"), "shrink": 0.05,
        "u_reg": 1e-3}
IOC = {"stationarity": 1.0, "newton": 0.5, "margin": 0.2, "margin_value": 1.0, "damping": 1e-1}
TRAIN = {"steps": 3, "batch": 6, "lr": 2e-3, "seed": 21}
