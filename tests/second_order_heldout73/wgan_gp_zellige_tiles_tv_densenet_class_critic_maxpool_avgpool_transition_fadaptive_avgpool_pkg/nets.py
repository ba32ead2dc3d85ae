import torch.nn as nn
import torch.nn.functional as F
from torchvision.models.densenet import DenseNet


def build_critic(cfg):
    """A small DenseNet-BC used as the WGAN critic (one scalar output)."""
    return DenseNet(
        growth_rate=cfg.growth_rate,
        block_config=cfg.block_config,
        num_init_features=cfg.num_init_features,
        bn_size=cfg.bn_size,
        num_classes=1,
    )


class ZelligeGenerator(nn.Module):
    def __init__(self, z_dim, res):
        super().__init__()
        self.res = res
        self.fc = nn.Linear(z_dim, 32 * (res // 4) ** 2)
        self.conv1 = nn.Conv2d(32, 16, 3, padding=1)
        self.conv2 = nn.Conv2d(16, 3, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(z.size(0), 32, self.res // 4, self.res // 4)
        h = F.leaky_relu(self.conv1(F.interpolate(h, scale_factor=2, mode="nearest")), 0.2)
        return F.hardtanh(self.conv2(F.interpolate(h, scale_factor=2, mode="nearest")))
