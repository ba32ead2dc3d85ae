"""Train the ResNet-50 of model.py on a synthetic image set; CPU-friendly with small sizes.

Usage: python train.py --steps 1 --image-size 64 --batch-size 2
"""
import argparse
import os

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import DataLoader, Dataset

from model import resnet50

MEAN = (0.485, 0.456, 0.406)
STD = (0.229, 0.224, 0.225)


class RandomFlip:
    """Flips a CHW image left-right with probability p."""

    def __init__(self, p: float = 0.5) -> None:
        self.p = p

    def __call__(self, img: torch.Tensor) -> torch.Tensor:
        if torch.rand(1).item() < self.p:
            return torch.flip(img, dims=[-1])
        return img


class Resize:
    """Bilinear resize of a CHW image to size x size."""

    def __init__(self, size: int) -> None:
        self.size = size

    def __call__(self, img: torch.Tensor) -> torch.Tensor:
        img = F.interpolate(img.unsqueeze(0), size=(self.size, self.size), mode="bilinear", align_corners=False)
        return img.squeeze(0)


class Normalize:
    """Subtracts the channel mean and divides by the channel std."""

    def __init__(self, mean, std) -> None:
        self.mean = torch.tensor(mean).view(-1, 1, 1)
        self.std = torch.tensor(std).view(-1, 1, 1)

    def __call__(self, img: torch.Tensor) -> torch.Tensor:
        return (img - self.mean) / self.std


class Compose:
    def __init__(self, transforms) -> None:
        self.transforms = transforms

    def __call__(self, img: torch.Tensor) -> torch.Tensor:
        for t in self.transforms:
            img = t(img)
        return img


class FakeImageDataset(Dataset):
    """Random uint8 images with random labels, generated once from a fixed seed."""

    def __init__(self, length: int, image_size: int, num_classes: int, transform=None) -> None:
        g = torch.Generator().manual_seed(1234)
        raw_size = image_size + image_size // 8
        self.images = torch.randint(0, 256, (length, 3, raw_size, raw_size), dtype=torch.uint8, generator=g)
        self.labels = torch.randint(0, num_classes, (length,), generator=g)
        self.transform = transform

    def __len__(self) -> int:
        return self.images.shape[0]

    def __getitem__(self, index: int):
        img = self.images[index].float().div(255.0)
        if self.transform is not None:
            img = self.transform(img)
        return img, self.labels[index].item()


def parse_args() -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--steps", type=int, default=1, help="optimizer steps to run")
    p.add_argument("--image-size", type=int, default=64)
    p.add_argument("--batch-size", type=int, default=2)
    p.add_argument("--num-classes", type=int, default=10)
    p.add_argument("--lr", type=float, default=0.1)
    p.add_argument("--momentum", type=float, default=0.9)
    p.add_argument("--weight-decay", type=float, default=1e-4)
    p.add_argument("--schedule", choices=["cosine", "step"], default="cosine")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--output", default="checkpoint.pt")
    return p.parse_args()


def main() -> None:
    args = parse_args()
    torch.manual_seed(args.seed)
    device = torch.device("cpu")

    transform = Compose([Resize(args.image_size), RandomFlip(), Normalize(MEAN, STD)])
    dataset = FakeImageDataset(max(args.batch_size * args.steps, args.batch_size), args.image_size, args.num_classes, transform)
    loader = DataLoader(dataset, batch_size=args.batch_size, shuffle=True, drop_last=True)

    model = resnet50(num_classes=args.num_classes).to(device)
    criterion = nn.CrossEntropyLoss(label_smoothing=0.1)
    optimizer = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=args.momentum, weight_decay=args.weight_decay)
    if args.schedule == "cosine":
        scheduler = torch.optim.lr_scheduler.CosineAnnealingLR(optimizer, T_max=args.steps)
    else:
        scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=max(args.steps // 3, 1), gamma=0.1)

    model.train()
    step = 0
    while step < args.steps:
        for images, labels in loader:
            images, labels = images.to(device), labels.to(device)
            logits = model(images)
            loss = criterion(logits, labels)

            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            scheduler.step()

            acc = (logits.argmax(dim=1) == labels).float().mean()
            step += 1
            print(f"step {step}/{args.steps} loss {loss.item():.4f} acc {acc.item():.3f} lr {scheduler.get_last_lr()[0]:.5f}")
            if step >= args.steps:
                break

    torch.save(
        {"model": model.state_dict(), "optimizer": optimizer.state_dict(), "scheduler": scheduler.state_dict(), "step": step},
        args.output,
    )
    print(f"saved {os.path.abspath(args.output)}")


if __name__ == "__main__":
    main()
