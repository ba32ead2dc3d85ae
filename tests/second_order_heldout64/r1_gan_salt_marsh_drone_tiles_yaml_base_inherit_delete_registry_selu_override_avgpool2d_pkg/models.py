"""Generator / discriminator for multispectral salt-marsh tiles, assembled from config dicts."""
import torch
import torch.nn as nn

from registry import ACTIVATIONS, DOWNSAMPLERS, MODELS, UPSAMPLERS, build_from_cfg

ACTIVATIONS.register_module("LeakyReLU", module=nn.LeakyReLU)
ACTIVATIONS.register_module("PReLU", module=nn.PReLU)
ACTIVATIONS.register_module("SELU", module=nn.SELU)
ACTIVATIONS.register_module("Hardswish", module=nn.Hardswish)
DOWNSAMPLERS.register_module("AvgPool2d", module=nn.AvgPool2d)
DOWNSAMPLERS.register_module("MaxPool2d", module=nn.MaxPool2d)
UPSAMPLERS.register_module("Upsample", module=nn.Upsample)


class DiscBlock(nn.Module):
    def __init__(self, in_ch, out_ch, act_cfg, downsample_cfg):
        super().__init__()
        self.conv1 = nn.Conv2d(in_ch, in_ch, 3, padding=1)
        self.conv2 = nn.Conv2d(in_ch, out_ch, 3, padding=1)
        self.act = build_from_cfg(act_cfg, ACTIVATIONS)
        self.down = build_from_cfg(downsample_cfg, DOWNSAMPLERS)

    def forward(self, x):
        h = self.act(self.conv1(x))
        h = self.act(self.conv2(h))
        return self.down(h)


@MODELS.register_module()
class TileDiscriminator(nn.Module):
    def __init__(self, in_channels, base_channels, num_blocks, act_cfg, downsample_cfg, tile=16):
        super().__init__()
        self.from_bands = nn.Conv2d(in_channels, base_channels, 1)
        blocks, ch = [], base_channels
        for _ in range(num_blocks):
            blocks.append(DiscBlock(ch, ch * 2, act_cfg, downsample_cfg))
            ch *= 2
        self.blocks = nn.ModuleList(blocks)
        side = tile // (2 ** num_blocks)
        self.head = nn.Linear(ch * side * side, 1)

    def forward(self, tiles):
        h = self.from_bands(tiles)
        for block in self.blocks:
            h = block(h)
        return self.head(h.flatten(1)).squeeze(1)


@MODELS.register_module()
class TileGenerator(nn.Module):
    def __init__(self, latent_dim, base_channels, act_cfg, upsample_cfg, out_channels=3, tile=16):
        super().__init__()
        self.start = tile // 4
        self.base = base_channels
        self.fc = nn.Linear(latent_dim, base_channels * self.start * self.start)
        self.up1 = build_from_cfg(upsample_cfg, UPSAMPLERS)
        self.conv1 = nn.Conv2d(base_channels, base_channels // 2, 3, padding=1)
        self.gen_act = build_from_cfg(act_cfg, ACTIVATIONS)
        self.up2 = build_from_cfg(upsample_cfg, UPSAMPLERS)
        self.to_bands = nn.Conv2d(base_channels // 2, out_channels, 3, padding=1)

    def forward(self, z):
        h = self.fc(z).view(z.shape[0], self.base, self.start, self.start)
        h = self.gen_act(self.conv1(self.up1(h)))
        return torch.tanh(self.to_bands(self.up2(h)))


def build_model(cfg, tile):
    return build_from_cfg(cfg, MODELS, default_args={"tile": tile})
