"""CycleGAN networks (ResNet generator with reflection padding, PatchGAN discriminator)."""
import torch.nn as nn


class ResnetBlock(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.block = nn.Sequential(
            nn.ReflectionPad2d(1), nn.Conv2d(dim, dim, 3), nn.ReLU(True),
            nn.ReflectionPad2d(1), nn.Conv2d(dim, dim, 3),
        )

    def forward(self, x):
        return x + self.block(x)


class ResnetGenerator(nn.Module):
    def __init__(self, ch=3, ngf=8, n_blocks=2):
        super().__init__()
        layers = [nn.ReflectionPad2d(3), nn.Conv2d(ch, ngf, 7), nn.ReLU(True),
                  nn.Conv2d(ngf, 2 * ngf, 3, 2, 1), nn.ReLU(True)]
        layers += [ResnetBlock(2 * ngf) for _ in range(n_blocks)]
        layers += [nn.ConvTranspose2d(2 * ngf, ngf, 3, 2, 1, output_padding=1), nn.ReLU(True),
                   nn.ReflectionPad2d(3), nn.Conv2d(ngf, ch, 7), nn.Tanh()]
        self.model = nn.Sequential(*layers)

    def forward(self, x):
        return self.model(x)


class NLayerDiscriminator(nn.Module):
    def __init__(self, ch=3, ndf=8):
        super().__init__()
        self.model = nn.Sequential(
            nn.Conv2d(ch, ndf, 4, 2, 1), nn.LeakyReLU(0.2, True),
            nn.Conv2d(ndf, 2 * ndf, 4, 2, 1), nn.LeakyReLU(0.2, True),
            nn.Conv2d(2 * ndf, 1, 4, 1, 1),
        )

    def forward(self, x):
        return self.model(x)
