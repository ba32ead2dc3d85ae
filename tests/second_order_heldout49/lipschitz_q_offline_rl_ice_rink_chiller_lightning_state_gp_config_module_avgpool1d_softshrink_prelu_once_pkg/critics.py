"""Critic hierarchy: BaseCritic (interface + action encoder) -> ConvCritic (sensor-history trunk)."""
import torch
import torch.nn as nn


class BaseCritic(nn.Module):
    """Q(s, a) = head([encode_state(s), encode_action(a)]). Subclasses provide the state trunk and head."""

    def __init__(self, cfg):
        super().__init__()
        self.cfg = cfg
        self.action_enc = nn.Sequential(
            nn.Linear(cfg.N_ACTIONS, cfg.HIDDEN),
            nn.PReLU(cfg.HIDDEN),
        )

    def encode_state(self, s):
        raise NotImplementedError

    def head(self, z):
        raise NotImplementedError

    def encode_action(self, a):
        return self.action_enc(a)

    def forward(self, s, a):
        z = torch.cat([self.encode_state(s), self.encode_action(a)], dim=-1)
        return self.head(z).squeeze(-1)


class ConvCritic(BaseCritic):
    """1-D conv trunk over the sensor window, plain MLP head."""

    def __init__(self, cfg):
        super().__init__(cfg)
        self.conv1 = nn.Conv1d(cfg.N_SENSORS, 16, kernel_size=3, padding=1)
        self.pool = nn.AvgPool1d(kernel_size=2)
        self.conv2 = nn.Conv1d(16, 16, kernel_size=3, padding=1)
        self.proj = nn.Linear(16 * (cfg.HISTORY // 2), cfg.HIDDEN)
        self.out = nn.Sequential(
            nn.Linear(2 * cfg.HIDDEN, cfg.HIDDEN),
            nn.Tanh(),
            nn.Linear(cfg.HIDDEN, 1),
        )

    def encode_state(self, s):
        h = torch.relu(self.conv1(s))
        h = self.pool(h)
        h = torch.relu(self.conv2(h))
        return self.proj(h.flatten(1))

    def head(self, z):
        return self.out(z)
