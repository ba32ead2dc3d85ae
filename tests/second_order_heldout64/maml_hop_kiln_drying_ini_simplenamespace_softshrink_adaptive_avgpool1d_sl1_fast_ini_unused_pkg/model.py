"""1-D conv regressor from a kiln air profile to the end moisture of the hop cones."""
import torch.nn as nn

ACTIVATIONS = {
    "softshrink": lambda s: nn.Softshrink(s.model.softshrink_lambda),
    "hardshrink": lambda s: nn.Hardshrink(s.model.softshrink_lambda),
    "tanh": lambda s: nn.Tanh(),
}
POOLS = {
    "adaptive_avg": nn.AdaptiveAvgPool1d,
    "adaptive_max": nn.AdaptiveMaxPool1d,
}


class KilnRegressor(nn.Module):
    def __init__(self, s):
        super().__init__()
        h = s.model.hidden
        self.conv1 = nn.Conv1d(s.data.channels, h, 5, padding=2)
        self.act1 = ACTIVATIONS[s.model.activation](s)
        self.conv2 = nn.Conv1d(h, h, 5, padding=2, stride=2)
        self.act2 = ACTIVATIONS[s.model.activation](s)
        self.pool = POOLS[s.model.pool](1)
        self.head = nn.Linear(h, 1)

    def forward(self, profile):
        x = self.act1(self.conv1(profile))
        x = self.act2(self.conv2(x))
        return self.head(self.pool(x).squeeze(-1)).squeeze(-1)
