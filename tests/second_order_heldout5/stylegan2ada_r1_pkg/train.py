"""Training loop with the StyleGAN2-ADA phase schedule: Gmain and Dmain every step, lazy Dreg every
r1_interval steps with the regulariser scaled by the interval."""
import copy

import torch

from loss import StyleGAN2Loss
from networks import Discriminator, Generator


def training_loop(loader, total_steps=1000, z_dim=64, c_dim=10, r1_gamma=1.0, r1_interval=16, ema_beta=0.999):
    G = Generator(z_dim=z_dim)
    D = Discriminator(c_dim=c_dim)
    G_ema = copy.deepcopy(G).eval()
    mb_ratio = r1_interval / (r1_interval + 1)
    G_opt = torch.optim.Adam(G.parameters(), lr=0.0025, betas=(0.0, 0.99))
    D_opt = torch.optim.Adam(D.parameters(), lr=0.0025 * mb_ratio, betas=(0.0, 0.99 ** mb_ratio))
    loss = StyleGAN2Loss(G=G, D=D, r1_gamma=r1_gamma)
    phases = [("Gmain", G, G_opt, 1), ("Dmain", D, D_opt, 1), ("Dreg", D, D_opt, r1_interval)]
    step = 0
    while step < total_steps:
        for real_img, real_c in loader:
            gen_z = torch.randn(real_img.size(0), z_dim)
            gen_c = torch.randint(c_dim, (real_img.size(0),))
            for name, module, opt, interval in phases:
                if step % interval != 0:
                    continue
                opt.zero_grad(set_to_none=True)
                module.requires_grad_(True)
                loss.accumulate_gradients(phase=name, real_img=real_img, real_c=real_c,
                                          gen_z=gen_z, gen_c=gen_c, gain=interval)
                module.requires_grad_(False)
                opt.step()
            with torch.no_grad():
                for p_ema, p in zip(G_ema.parameters(), G.parameters()):
                    p_ema.copy_(p.lerp(p_ema, ema_beta))
            step += 1
            if step >= total_steps:
                break
    return G_ema
