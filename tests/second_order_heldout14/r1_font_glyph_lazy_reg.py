# StyleGAN2-ADA-style loss for a small glyph GAN (48x48 grey font glyphs): non-saturating logistic loss
# with lazy R1 regularisation on reals every `r1_interval` minibatches.
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F


class DiscBlock(nn.Module):
    def __init__(self, cin, cout):
        super().__init__()
        self.conv0 = nn.Conv2d(cin, cin, 3, padding=1)
        self.conv1 = nn.Conv2d(cin, cout, 3, padding=1)
        self.skip = nn.Conv2d(cin, cout, 1, bias=False)
        self.down = nn.AvgPool2d(2)

    def forward(self, x):
        y = self.down(self.skip(x))
        x = F.leaky_relu(self.conv0(x), 0.2)
        x = self.down(F.leaky_relu(self.conv1(x), 0.2))
        return (x + y) * np.sqrt(0.5)


class GlyphDiscriminator(nn.Module):
    def __init__(self):
        super().__init__()
        self.frgb = nn.Conv2d(1, 32, 1)
        self.b1, self.b2, self.b3 = DiscBlock(32, 64), DiscBlock(64, 128), DiscBlock(128, 128)
        self.out = nn.Linear(128 * 6 * 6, 1)

    def forward(self, img):
        x = F.leaky_relu(self.frgb(img), 0.2)
        x = self.b3(self.b2(self.b1(x)))
        return self.out(x.flatten(1))


class GlyphGenerator(nn.Module):
    def __init__(self, z_dim=32):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(z_dim, 256), nn.LeakyReLU(0.2), nn.Linear(256, 48 * 48), nn.Tanh())

    def forward(self, z):
        return self.net(z).view(-1, 1, 48, 48)


class StyleGAN2Loss:
    def __init__(self, G, D, r1_gamma=2.0):
        self.G, self.D, self.r1_gamma = G, D, r1_gamma

    def accumulate_gradients(self, phase, real_img, gen_z, gain):
        if phase == "Gmain":
            gen_logits = self.D(self.G(gen_z))
            F.softplus(-gen_logits).mean().mul(gain).backward()
        if phase == "Dmain":
            gen_logits = self.D(self.G(gen_z).detach())
            real_logits = self.D(real_img)
            loss = F.softplus(gen_logits) + F.softplus(-real_logits)
            loss.mean().mul(gain).backward()
        if phase == "Dreg":
            real_img_tmp = real_img.detach().requires_grad_(True)
            real_logits = self.D(real_img_tmp)
            r1_grads = torch.autograd.grad(outputs=[real_logits.sum()], inputs=[real_img_tmp],
                                           create_graph=True, only_inputs=True)[0]
            r1_penalty = r1_grads.square().sum([1, 2, 3])
            (r1_penalty * (self.r1_gamma / 2)).mean().mul(gain).backward()


G, D = GlyphGenerator(), GlyphDiscriminator()
opt_G = torch.optim.Adam(G.parameters(), lr=2.5e-3, betas=(0.0, 0.99))
opt_D = torch.optim.Adam(D.parameters(), lr=2.5e-3, betas=(0.0, 0.99))
loss = StyleGAN2Loss(G, D)
r1_interval = 2
for batch_idx in range(4):
    real = torch.rand(4, 1, 48, 48) * 2 - 1
    z = torch.randn(4, 32)
    opt_G.zero_grad(set_to_none=True)
    loss.accumulate_gradients("Gmain", real, z, gain=1)
    opt_G.step()
    opt_D.zero_grad(set_to_none=True)
    loss.accumulate_gradients("Dmain", real, z, gain=1)
    if batch_idx % r1_interval == 0:
        loss.accumulate_gradients("Dreg", real, z, gain=r1_interval)
    opt_D.step()
