"""Hinge-loss 3-D GAN with spectral-norm-free critic; no gradient penalty."""
import torch
import torch.nn as nn

from losses import critic_hinge, generator_hinge, input_grad_norm
from models import CRITICS, NetConfig, UpGenerator3d


class Replicated(nn.Module):
    def __init__(self, module):
        super().__init__()
        self.module = module

    def forward(self, *a):
        return self.module(*a)


def main(steps=20000, batch=8, log_every=100):
    cfg = NetConfig(pool="avg", width=8)
    critic = Replicated(CRITICS[cfg.critic](cfg))
    gen = UpGenerator3d(cfg)
    oc = torch.optim.Adam(critic.parameters(), 4e-4, betas=(0.0, 0.9))
    og = torch.optim.Adam(gen.parameters(), 1e-4, betas=(0.0, 0.9))
    for step in range(steps):
        real = torch.randn(batch, 1, 32, 32, 32)
        fake = gen(torch.randn(batch, 32))
        loss_c = critic_hinge(critic, real, fake.detach())
        oc.zero_grad()
        loss_c.backward()
        oc.step()
        loss_g = generator_hinge(critic, fake)
        og.zero_grad()
        loss_g.backward()
        og.step()
        if step % log_every == 0:
            print(step, loss_c.item(), loss_g.item(), input_grad_norm(critic.module, real))


if __name__ == "__main__":
    main(steps=1, batch=2)
