import torch

from callbacks import R1Penalty
from models import Discriminator, Generator
from trainer import Trainer


def crawl_patches(n):
    base = torch.rand(n, 1, 16, 16)
    return (torch.nn.functional.avg_pool2d(base, 3, 1, 1) > 0.5).float() * 2 - 1


if __name__ == "__main__":
    torch.manual_seed(0)
    trainer = Trainer(Generator(), Discriminator())
    trainer.add_callback(R1Penalty(gamma=5.0))
    trainer.fit([crawl_patches(8) for _ in range(3)])
