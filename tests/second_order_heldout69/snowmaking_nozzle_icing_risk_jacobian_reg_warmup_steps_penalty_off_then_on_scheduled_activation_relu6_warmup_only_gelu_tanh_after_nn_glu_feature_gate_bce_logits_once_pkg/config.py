"""Hyper-parameters for the snowmaking nozzle icing-risk classifier."""
import argparse

FEATURES = ["wet_bulb", "air_temp", "humidity", "water_temp", "water_pressure", "air_pressure",
            "wind_speed", "nozzle_count", "fan_rpm", "hours_since_purge"]


def get_args(argv=None):
    p = argparse.ArgumentParser(description="snow gun icing risk with warm-up scheduled Jacobian regularisation")
    p.add_argument("--steps", type=int, default=10)
    p.add_argument("--batch", type=int, default=32)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--lr", type=float, default=2e-3)
    # activation schedule: bounded ReLU6 while the scaler statistics settle, smooth GELU afterwards
    p.add_argument("--act-warmup-steps", type=int, default=3)
    # Jacobian regulariser (Hoffman et al. 2019, random projections) switched on after a warm-up
    p.add_argument("--jac-warmup-steps", type=int, default=4)
    p.add_argument("--jac-weight", type=float, default=0.05)
    p.add_argument("--jac-projections", type=int, default=1)
    return p.parse_args(argv)
