"""MAML (second order, torch.func) for per-wearer knee-exoskeleton assistive torque estimation.

Each task is one wearer: EMG windows (4 muscles) + shank IMU + gait phase -> knee torque. The output stage is a
deadband (hard shrink) so that the controller does not chatter around zero torque.
"""

CONFIG = {
    "data": {"emg_ch": 4, "emg_len": 24, "imu_dim": 6, "support": 10, "query": 10},
    "net": {
        "emg_filters": 6,
        "rms_window": 4,
        "body": [["linear", 32], ["celu"], ["linear", 32], ["celu"], ["linear", 1], ["deadband", 0.05]],
    },
    "meta": {"inner_steps": 2, "inner_lr": 0.05, "huber_delta": 1.0, "meta_lr": 1e-3,
             "meta_batch": 3, "iterations": 3},
}
