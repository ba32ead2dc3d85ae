import torch

from losses import mc_sure
from models import ShrinkageDenoiser

SIGMA = 0.1


def main():
    model = ShrinkageDenoiser(shrink="hard")
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        noisy = torch.rand(4, 1, 32, 32) + SIGMA * torch.randn(4, 1, 32, 32)
        loss = mc_sure(model, noisy, SIGMA)
        opt.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        with torch.no_grad():
            psnr_proxy = -10 * torch.log10(((model(noisy) - noisy) ** 2).mean())
        print(epoch, loss.item(), psnr_proxy.item())


if __name__ == "__main__":
    main()
