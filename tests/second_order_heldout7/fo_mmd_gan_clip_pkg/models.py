"""Autoencoder critic and generator of the original MMD-GAN (Li et al. 2017), 32x32 images."""
import torch.nn as nn
import torch.nn.functional as F


class Encoder(nn.Module):
    def __init__(self, nc=3, ndf=64, k=100):
        super().__init__()
        self.main = nn.Sequential(nn.Conv2d(nc, ndf, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, True),
                                  nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(ndf * 2),
                                  nn.LeakyReLU(0.2, True), nn.Conv2d(ndf * 2, k, 8, 1, 0, bias=False))

    def forward(self, x):
        return F.normalize(self.main(x).flatten(1), dim=1)


class Decoder(nn.Module):
    def __init__(self, nc=3, ngf=64, k=100):
        super().__init__()
        self.main = nn.Sequential(nn.ConvTranspose2d(k, ngf * 2, 8, 1, 0, bias=False), nn.BatchNorm2d(ngf * 2), nn.ReLU(True),
                                  nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False),
                                  nn.Conv2d(ngf * 2, ngf, 3, padding=1), nn.ReLU(True),
                                  nn.Upsample(scale_factor=2, mode="bilinear", align_corners=False),
                                  nn.Conv2d(ngf, nc, 3, padding=1), nn.Tanh())

    def forward(self, z):
        return self.main(z.view(z.size(0), -1, 1, 1))


class AECritic(nn.Module):
    def __init__(self, k=100):
        super().__init__()
        self.encoder, self.decoder = Encoder(k=k), Decoder(k=k)

    def forward(self, x):
        f = self.encoder(x)
        return f, self.decoder(f)
