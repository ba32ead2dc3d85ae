import torch.nn as nn


class LineRecognizer(nn.Module):
    """Tiny text-line recogniser for scanned ledgers: conv trunk + per-column classifier head."""

    def __init__(self, n_chars=30):
        super().__init__()
        self.trunk = nn.Sequential(
            nn.Conv2d(1, 16, 3, padding=1),
            nn.ELU(),
            nn.AvgPool2d((2, 1)),
            nn.Conv2d(16, 32, 3, padding=1),
            nn.ELU(),
        )
        self.head = nn.Sequential(
            nn.Linear(32 * 4, 64),
            nn.Hardswish(),
            nn.Linear(64, n_chars),
            nn.LogSoftmax(dim=-1),
        )

    def forward(self, img):
        f = self.trunk(img)                       # B, C, H, W
        f = f.permute(0, 3, 1, 2).flatten(2)      # B, W, C*H
        return self.head(f)                       # B, W, n_chars
