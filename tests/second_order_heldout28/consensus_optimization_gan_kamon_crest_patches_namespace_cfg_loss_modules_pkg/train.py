import torch

from config import CFG
from losses import ConsensusRegularizer, NonSaturatingGANLoss
from models import CrestDiscriminator, CrestGenerator


def crest_patches(cfg):
    """Toy kamon: n-fold rotationally symmetric petals inside a ring."""
    n, size = cfg.data.batch, cfg.data.size
    yy, xx = torch.meshgrid(torch.linspace(-1, 1, size), torch.linspace(-1, 1, size), indexing="ij")
    r, th = torch.sqrt(xx ** 2 + yy ** 2), torch.atan2(yy, xx)
    folds = torch.randint(3, cfg.data.n_crests + 3, (n, 1, 1)).float()
    petals = torch.cos(folds * th) * 0.3 + 0.5
    img = ((r < petals) | ((r > 0.85) & (r < 0.95))).float()
    return (img * 2 - 1).unsqueeze(1)


def main():
    torch.manual_seed(0)
    G, D = CrestGenerator(CFG), CrestDiscriminator(CFG)
    gan_loss = NonSaturatingGANLoss()
    consensus = ConsensusRegularizer(getattr(CFG.reg, "consensus_gamma", 0.0))
    d_params, g_params = list(D.parameters()), list(G.parameters())
    opt_d = torch.optim.RMSprop(d_params, lr=CFG.optim.lr)
    opt_g = torch.optim.RMSprop(g_params, lr=CFG.optim.lr)
    for step in range(CFG.optim.steps):
        real = crest_patches(CFG)
        fake = G(torch.randn(CFG.data.batch, CFG.model.zdim))
        d_loss = gan_loss.discriminator(D(real), D(fake))
        g_loss = gan_loss.generator(D(fake))
        reg = consensus(d_loss, g_loss, d_params, g_params)
        d_grads = torch.autograd.grad(d_loss + reg, d_params, retain_graph=True)
        g_grads = torch.autograd.grad(g_loss + reg, g_params)
        for p, g in zip(d_params + g_params, d_grads + g_grads):
            p.grad = g
        opt_d.step()
        opt_g.step()
        print(f"step {step} d {d_loss.item():.3f} g {g_loss.item():.3f} reg {reg.item():.4f}")


if __name__ == "__main__":
    main()
