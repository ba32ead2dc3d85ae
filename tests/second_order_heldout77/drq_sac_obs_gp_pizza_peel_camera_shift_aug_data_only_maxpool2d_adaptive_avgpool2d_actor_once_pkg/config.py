"""DrQ-style SAC settings for the pizza-oven peel robot (64x64 camera frames are shrunk to 24x24 here)."""
CONFIG = {
    "image_size": 24,
    "frame_stack": 3,
    "act_dim": 2,
    "feature_dim": 32,
    "hidden": 64,
    "batch": 16,
    "updates": 6,
    "pad": 2,
    "gamma": 0.99,
    "tau": 0.01,
    "init_temperature": 0.1,
    "critic_gp": 1.0,
    "lr": 3e-4,
    "seed": 2,
}
