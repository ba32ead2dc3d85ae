import torch.nn as nn

ACTIVATIONS = {
    "relu": nn.ReLU,
    "relu6": nn.ReLU6,
    "silu": nn.SiLU,
}


def make_norm(kind, width):
    if kind == "group":
        return nn.GroupNorm(4, width)
    if kind == "layer":
        return nn.LayerNorm(width)
    return nn.Identity()


class SpectraClassifier(nn.Module):
    def __init__(self, bands, width, classes, act="relu", norm="none"):
        super().__init__()
        layers = []
        for cin in (bands, width):
            layers += [nn.Linear(cin, width), make_norm(norm, width), ACTIVATIONS[act]()]
        self.body = nn.Sequential(*layers)
        self.head = nn.Linear(width, classes)

    def forward(self, x):
        return self.head(self.body(x))
