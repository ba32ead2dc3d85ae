import torch
import torch.nn as nn
import torch.nn.functional as F

ACT = {
    "celu": lambda: nn.CELU(alpha=1.0),
    "deadband": lambda lam: nn.Hardshrink(lambd=lam),
    "soft_deadband": lambda lam: nn.Softshrink(lambd=lam),
}


def build_body(spec, in_dim):
    layers, d = [], in_dim
    for kind, *args in spec:
        if kind == "linear":
            layers.append(nn.Linear(d, args[0]))
            d = args[0]
        else:
            layers.append(ACT[kind](*args))
    return nn.Sequential(*layers)


class ExoTorqueNet(nn.Module):
    def __init__(self, emg_ch, emg_len, imu_dim, emg_filters, rms_window, body):
        super().__init__()
        self.emg_conv = nn.Conv1d(emg_ch, emg_filters, 5)
        self.rms_window = rms_window
        env_len = (emg_len - 4) // rms_window
        self.body = build_body(body, emg_filters * env_len + imu_dim + 2)

    def forward(self, emg, imu, phase):
        env = F.lp_pool1d(self.emg_conv(emg), norm_type=2, kernel_size=self.rms_window)
        feats = torch.cat([env.flatten(1), F.normalize(imu, dim=-1), torch.cos(phase), torch.sin(phase)], dim=-1)
        return self.body(feats).squeeze(-1)
