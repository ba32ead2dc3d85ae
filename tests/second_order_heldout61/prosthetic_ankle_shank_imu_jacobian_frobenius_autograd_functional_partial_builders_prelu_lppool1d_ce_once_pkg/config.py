"""Transtibial prosthesis: ankle torque estimation from a shank IMU window."""
WINDOW = 32           # samples at 100 Hz
CHANNELS = 6          # 3-axis accel + 3-axis gyro
N_PHASES = 4          # loading, mid-stance, push-off, swing

SPEC = [
    ("conv", 6, 16, 5),
    ("act", "prelu"),
    ("pool", "lp"),
    ("conv", 16, 32, 3),
    ("act", "softsign"),
    ("pool", "none"),
    ("flatten",),
]
NORM = "none"
LOSS = {"torque": "huber", "phase_weight": 0.3, "jac_weight": 1e-2, "label_smoothing": 0.05}
TRAIN = {"steps": 3, "batch": 16, "lr": 1e-3, "seed": 4}
