import torch

import config
from kfac import KFAC
from model import LOSSES, StageNet


def eeg_epochs(n=config.BATCH):
    stage = torch.randint(0, config.N_STAGES, (n,))
    bands = torch.randn(n, config.FEATURES) * 0.5
    bands[:, :config.N_STAGES] += torch.nn.functional.one_hot(stage, config.N_STAGES).float() * 1.5
    return bands, stage


def main():
    torch.manual_seed(21)
    model = StageNet()
    kfac = KFAC(model, config.DAMPING, config.EMA)
    loss_fn = LOSSES[config.LOSS]
    opt = torch.optim.SGD(model.parameters(), lr=config.LR, momentum=0.9)
    for step in range(config.STEPS):
        x, y = eeg_epochs()
        loss = loss_fn(model(x), y)
        opt.zero_grad()
        loss.backward()
        kfac.update_factors()
        kfac.precondition()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
