import torch.nn as nn

SHRINKERS = {
    "hard": nn.Hardshrink,
    "soft": nn.Softshrink,
}


class ShrinkageDenoiser(nn.Module):
    def __init__(self, n_filters=32, k=5, shrink="hard", lam=0.05):
        super().__init__()
        self.analysis = nn.Conv2d(1, n_filters, k, padding=k // 2, bias=False)
        self.shrink = SHRINKERS[shrink](lam)
        self.synthesis = nn.Conv2d(n_filters, 1, k, padding=k // 2, bias=False)
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.gain = nn.Sequential(nn.Linear(n_filters, n_filters), nn.PReLU(), nn.Linear(n_filters, n_filters))

    def forward(self, y):
        z = self.analysis(y)
        z = z * self.gain(self.pool(z).flatten(1)).sigmoid()[:, :, None, None]
        return self.synthesis(self.shrink(z))
