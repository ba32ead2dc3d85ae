import torch.nn as nn
import torchvision


def build_discriminator(arch):
    return torchvision.models.get_model(arch, num_classes=1)


class MoraineGenerator(nn.Module):
    def __init__(self, z_dim, res):
        super().__init__()
        self.res = res
        self.net = nn.Sequential(
            nn.Linear(z_dim, 16 * (res // 8) ** 2), nn.Unflatten(1, (16, res // 8, res // 8)),
            nn.Upsample(scale_factor=8, mode="bilinear"), nn.Conv2d(16, 3, 3, padding=1), nn.Tanh(),
        )

    def forward(self, z):
        return self.net(z)
