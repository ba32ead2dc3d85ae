import torch.nn as nn


def make_backbone(c_in=2, width=8):
    return nn.Sequential(
        nn.Conv2d(c_in, width, 3, padding=1),
        nn.ELU(),
        nn.Conv2d(width, width, 3, padding=1),
        nn.ELU(),
        nn.AdaptiveAvgPool2d(1),
        nn.Flatten(),
    )


class ProjectionHead(nn.Module):
    def __init__(self, width=8, n_phases=4):
        super().__init__()
        self.fc1 = nn.Linear(width, 16)
        self.act = nn.GELU(approximate="tanh")
        self.fc2 = nn.Linear(16, n_phases)

    def forward(self, z):
        return self.fc2(self.act(self.fc1(z)))


class CellCycleNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = make_backbone()
        self.head = ProjectionHead()

    def forward(self, img):
        return self.head(self.backbone(img))
