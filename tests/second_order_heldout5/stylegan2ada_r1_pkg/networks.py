"""Small StyleGAN2-ADA-like networks: a mapping + synthesis generator and a residual discriminator with
reflect-padded downsampling convolutions, a minibatch-stddev layer and a projection-conditioned epilogue."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class MappingNetwork(nn.Module):
    def __init__(self, z_dim=64, w_dim=64, num_layers=4):
        super().__init__()
        layers = []
        for _ in range(num_layers):
            layers += [nn.Linear(z_dim, w_dim), nn.LeakyReLU(0.2)]
            z_dim = w_dim
        self.net = nn.Sequential(*layers)

    def forward(self, z):
        z = z * (z.square().mean(dim=1, keepdim=True) + 1e-8).rsqrt()
        return self.net(z)


class SynthesisBlock(nn.Module):
    def __init__(self, cin, cout, w_dim):
        super().__init__()
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.affine = nn.Linear(w_dim, cin)
        self.conv = nn.Conv2d(cin, cout, 3, padding=1)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, w):
        style = self.affine(w)[:, :, None, None]
        return self.act(self.conv(self.up(x * (style + 1))))


class Generator(nn.Module):
    def __init__(self, z_dim=64, w_dim=64, img_channels=3, ch=64):
        super().__init__()
        self.mapping = MappingNetwork(z_dim, w_dim)
        self.const = nn.Parameter(torch.randn(ch, 4, 4))
        self.blocks = nn.ModuleList([SynthesisBlock(ch, ch, w_dim) for _ in range(2)])
        self.to_rgb = nn.Conv2d(ch, img_channels, 1)

    def forward(self, z, c=None):
        ws = self.mapping(z)
        x = self.const.unsqueeze(0).expand(z.size(0), -1, -1, -1)
        for block in self.blocks:
            x = block(x, ws)
        return self.to_rgb(x)


class DiscriminatorBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv0 = nn.Conv2d(cin, cin, 3)
        self.conv1 = nn.Conv2d(cin, cout, 3, stride=2)
        self.skip = nn.Conv2d(cin, cout, 1, stride=2, bias=False)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x):
        y = self.skip(x)
        x = self.act(self.conv0(F.pad(x, [1, 1, 1, 1], mode="reflect")))
        x = self.act(self.conv1(F.pad(x, [0, 1, 0, 1], mode="reflect")))
        return (x + y) * (0.5 ** 0.5)


class MinibatchStdLayer(nn.Module):
    def __init__(self, group_size=4):
        super().__init__()
        self.group_size = group_size

    def forward(self, x):
        N, C, H, W = x.shape
        G = min(self.group_size, N)
        y = x.reshape(G, -1, C, H, W)
        y = (y - y.mean(dim=0)).square().mean(dim=0)
        y = (y + 1e-8).sqrt().mean(dim=[1, 2, 3])
        y = y.reshape(-1, 1, 1, 1).repeat(G, 1, H, W)
        return torch.cat([x, y], dim=1)


class DiscriminatorEpilogue(nn.Module):
    def __init__(self, cin, c_dim):
        super().__init__()
        self.mbstd = MinibatchStdLayer()
        self.conv = nn.Conv2d(cin + 1, cin, 3, padding=1)
        self.fc = nn.Linear(cin, cin)
        self.out = nn.Linear(cin, 1)
        self.embed = nn.Embedding(c_dim, cin)
        self.act = nn.LeakyReLU(0.2)

    def forward(self, x, c):
        x = self.act(self.conv(self.mbstd(x)))
        x = F.adaptive_avg_pool2d(x, 1).flatten(1)
        x = self.act(self.fc(x))
        return self.out(x) + (x * self.embed(c)).sum(dim=1, keepdim=True)


class Discriminator(nn.Module):
    def __init__(self, c_dim=10, img_channels=3, ch=32):
        super().__init__()
        self.from_rgb = nn.Conv2d(img_channels, ch, 1)
        self.b16 = DiscriminatorBlock(ch, ch * 2)
        self.b8 = DiscriminatorBlock(ch * 2, ch * 2)
        self.epilogue = DiscriminatorEpilogue(ch * 2, c_dim)

    def forward(self, img, c):
        x = F.leaky_relu(self.from_rgb(img), 0.2)
        x = self.b8(self.b16(x))
        return self.epilogue(x, c)
