import torch.nn as nn


class TileGenerator(nn.Module):
    def __init__(self, zdim, ch, palette):
        super().__init__()
        self.fc = nn.Linear(zdim, ch * 4 * 4)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch, ch // 2, 3, padding=1),
            nn.BatchNorm2d(ch // 2),
            nn.ELU(),
            nn.Upsample(scale_factor=2, mode="nearest"),
            nn.Conv2d(ch // 2, palette, 3, padding=1),
        )
        self.ch = ch

    def forward(self, z):
        logits = self.body(self.fc(z).view(-1, self.ch, 4, 4))
        return logits.softmax(dim=1)


class TileDiscriminator(nn.Module):
    def __init__(self, ch, palette):
        super().__init__()
        self.body = nn.Sequential(
            nn.ReflectionPad2d(1),
            nn.Conv2d(palette, ch, 3),
            nn.PReLU(ch),
            nn.AvgPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1),
            nn.PReLU(2 * ch),
            nn.AvgPool2d(2),
        )
        self.fc = nn.Linear(2 * ch * 4 * 4, 1)

    def forward(self, x):
        return self.fc(self.body(x).flatten(1))
