import torch.nn as nn

N_CLASSES = 3  # intact / loose / broken dropper


def build_encoder(ch=8):
    return nn.Sequential(
        nn.Conv1d(2, ch, kernel_size=7, padding=3),
        nn.PReLU(ch),
        nn.Conv1d(ch, 2 * ch, kernel_size=5, stride=2, padding=2),
        nn.PReLU(2 * ch),
        nn.AdaptiveAvgPool1d(1),
        nn.Flatten(),
    )


def build_head(in_dim, hidden=12, n_cls=N_CLASSES):
    return nn.Sequential(nn.Linear(in_dim, hidden), nn.ReLU6(), nn.Linear(hidden, n_cls))


class DropperNet(nn.Module):
    """Pantograph-contact-force windows -> dropper condition."""

    def __init__(self, ch=8):
        super().__init__()
        self.body = nn.ModuleDict({"encoder": build_encoder(ch), "head": build_head(2 * ch)})

    def features(self, x):
        return self.body["encoder"](x)

    def forward(self, x):
        return self.body["head"](self.features(x))
