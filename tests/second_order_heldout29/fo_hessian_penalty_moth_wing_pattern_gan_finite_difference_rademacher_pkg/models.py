"""Generator and discriminator for 16x16 grey moth-wing pattern crops (eyespots, bands)."""
import torch.nn as nn
import torch.nn.functional as F


class WingGenerator(nn.Module):
    def __init__(self, z_dim, ch=32):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.block1 = nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch, ch // 2, 3, padding=1),
                                    nn.GroupNorm(4, ch // 2), nn.PReLU())
        self.block2 = nn.Sequential(nn.Upsample(scale_factor=2, mode="bilinear"), nn.Conv2d(ch // 2, 1, 3, padding=1))

    def forward(self, z):
        return self.block2(self.block1(self.fc(z).view(-1, self.ch, 4, 4))).tanh()


class WingDiscriminator(nn.Module):
    def __init__(self, ch=16):
        super().__init__()
        self.net = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(1, ch, 3), nn.LeakyReLU(0.2), nn.AvgPool2d(2),
            nn.Conv2d(ch, 2 * ch, 3, padding=1), nn.LeakyReLU(0.2), nn.AdaptiveAvgPool2d(1),
        )
        self.fc = nn.Linear(2 * ch, 1)

    def forward(self, x):
        return self.fc(self.net(x).flatten(1))


def hinge_d_loss(d_real, d_fake):
    return F.relu(1.0 - d_real).mean() + F.relu(1.0 + d_fake).mean()


def hinge_g_loss(d_fake):
    return -d_fake.mean()
