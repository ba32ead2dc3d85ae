import torch.nn as nn


class CurrentStudent(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.conv = nn.Conv1d(1, s.width, 7, padding=3)
        self.act = getattr(nn, s.act)()
        self.conv2 = nn.Conv1d(s.width, s.width, 3, padding=1)
        self.norm = nn.LayerNorm(s.window)
        self.head = nn.Linear(s.width, s.n_faults)

    def forward(self, current):
        h = self.act(self.conv(current))
        h = self.norm(self.act(self.conv2(h)))
        return self.head(h.mean(-1))


class CurrentTeacher(nn.Module):
    def __init__(self, s):
        super().__init__()
        self.body = nn.Sequential(
            nn.Conv1d(1, s.width, 7, padding=3), nn.Hardswish(),
            nn.AdaptiveAvgPool1d(1), nn.Flatten(), nn.Linear(s.width, s.n_faults),
        )

    def forward(self, current):
        return self.body(current)
