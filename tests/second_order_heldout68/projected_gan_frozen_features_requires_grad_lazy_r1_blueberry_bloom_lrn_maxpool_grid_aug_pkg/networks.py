import torch
import torch.nn as nn
import torch.nn.functional as F


class FrozenFeaturePyramid(nn.Module):
    """AlexNet-style extractor (weights would come from a grading-line checkpoint); kept frozen."""

    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 16, kernel_size=5, stride=2, padding=2)
        self.lrn = nn.LocalResponseNorm(size=5, alpha=1e-3, beta=0.75, k=2.0)
        self.pool = nn.MaxPool2d(kernel_size=2)
        self.conv2 = nn.Conv2d(16, 32, kernel_size=3, padding=1)

    def forward(self, x):
        f1 = self.pool(self.lrn(F.relu(self.conv1(x))))
        f2 = F.relu(self.conv2(f1))
        return f1, f2


class ProjectedHeads(nn.Module):
    def __init__(self):
        super().__init__()
        self.head1 = nn.Sequential(nn.Conv2d(16, 16, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(16, 1, 1))
        self.head2 = nn.Sequential(nn.Conv2d(32, 32, 3, padding=1), nn.LeakyReLU(0.2), nn.Conv2d(32, 1, 1))

    def forward(self, feats):
        f1, f2 = feats
        return torch.cat([self.head1(f1).flatten(1), self.head2(f2).flatten(1)], dim=1)


class Discriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.features = FrozenFeaturePyramid()
        self.features.requires_grad_(False)
        self.features.eval()
        self.heads = ProjectedHeads()

    def forward(self, x):
        return self.heads(self.features(x))


class Generator(nn.Module):
    def __init__(self, z_dim=16, ch=32):
        super().__init__()
        self.ch = ch
        self.fc = nn.Linear(z_dim, ch * 4 * 4)
        self.body = nn.Sequential(
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, ch, 3, padding=1), nn.PReLU(ch),
            nn.Upsample(scale_factor=2), nn.Conv2d(ch, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, z):
        return self.body(self.fc(z).view(-1, self.ch, 4, 4))
