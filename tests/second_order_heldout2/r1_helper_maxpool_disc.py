"""StyleGAN2-style non-saturating GAN with lazy R1 regularisation computed in a helper (d_r1_loss)."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class ConvLayer(nn.Sequential):
    def __init__(self, in_ch, out_ch, downsample=False):
        layers = [nn.Conv2d(in_ch, out_ch, 3, padding=1), nn.LeakyReLU(0.2)]
        if downsample:
            layers.append(nn.MaxPool2d(2))
        super().__init__(*layers)


class Discriminator(nn.Module):
    def __init__(self, size=32, ch=32):
        super().__init__()
        self.convs = nn.Sequential(
            ConvLayer(3, ch),
            ConvLayer(ch, ch * 2, downsample=True),
            ConvLayer(ch * 2, ch * 4, downsample=True),
            ConvLayer(ch * 4, ch * 4, downsample=True),
        )
        self.final_linear = nn.Sequential(nn.Linear(ch * 4 * (size // 8) ** 2, ch * 4), nn.LeakyReLU(0.2),
                                          nn.Linear(ch * 4, 1))

    def forward(self, x):
        out = self.convs(x)
        return self.final_linear(out.flatten(1))


def d_logistic_loss(real_pred, fake_pred):
    return F.softplus(-real_pred).mean() + F.softplus(fake_pred).mean()


def d_r1_loss(real_pred, real_img):
    (grad_real,) = torch.autograd.grad(outputs=real_pred.sum(), inputs=real_img, create_graph=True)
    return grad_real.pow(2).reshape(grad_real.shape[0], -1).sum(1).mean()


def train(generator, loader, iters=10000, r1=10.0, d_reg_every=16):
    discriminator = Discriminator()
    d_optim = torch.optim.Adam(discriminator.parameters(), lr=2e-3, betas=(0.0, 0.99))
    g_optim = torch.optim.Adam(generator.parameters(), lr=2e-3, betas=(0.0, 0.99))
    data = iter(loader)
    for idx in range(iters):
        real_img = next(data)
        noise = torch.randn(real_img.shape[0], 512)
        fake_img = generator(noise)
        d_loss = d_logistic_loss(discriminator(real_img), discriminator(fake_img.detach()))
        discriminator.zero_grad()
        d_loss.backward()
        d_optim.step()

        if idx % d_reg_every == 0:
            real_img.requires_grad = True
            real_pred = discriminator(real_img)
            r1_loss = d_r1_loss(real_pred, real_img)
            discriminator.zero_grad()
            (r1 / 2 * r1_loss * d_reg_every + 0 * real_pred[0]).backward()
            d_optim.step()

        g_loss = F.softplus(-discriminator(generator(torch.randn(real_img.shape[0], 512)))).mean()
        generator.zero_grad()
        g_loss.backward()
        g_optim.step()
