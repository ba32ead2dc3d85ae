"""GraSP pruning at initialisation (Wang et al. 2020): the score of each weight is -theta * (H g), where the
Hessian-gradient product comes from differentiating g^T stopgrad(g) once more. A VGG-11 for CIFAR-10 is
pruned to 90% sparsity in one shot and then trained normally."""
import torch
import torch.nn as nn
import torch.nn.functional as F

CFG = [64, "M", 128, "M", 256, 256, "M", 512, 512, "M", 512, 512]


class VGG(nn.Module):
    def __init__(self, cfg=CFG, num_classes=10, width=1.0):
        super().__init__()
        layers, c = [], 3
        for v in cfg:
            if v == "M":
                layers.append(nn.MaxPool2d(kernel_size=2, stride=2))
            else:
                v = int(v * width)
                layers += [nn.Conv2d(c, v, 3, padding=1), nn.BatchNorm2d(v), nn.ReLU(inplace=True)]
                c = v
        layers.append(nn.AvgPool2d(2))
        self.features = nn.Sequential(*layers)
        self.classifier = nn.Linear(c, num_classes)

    def forward(self, x):
        return self.classifier(self.features(x).flatten(1))


def grasp_scores(net, batches, T=200.0):
    weights = [m.weight for m in net.modules() if isinstance(m, (nn.Conv2d, nn.Linear))]
    grad_w = None
    for x, y in batches:
        g = torch.autograd.grad(F.cross_entropy(net(x) / T, y), weights)
        grad_w = list(g) if grad_w is None else [a + b for a, b in zip(grad_w, g)]
    for x, y in batches:
        loss = F.cross_entropy(net(x) / T, y)
        grad_f = torch.autograd.grad(loss, weights, create_graph=True)
        z = sum((gw.detach() * gf).sum() for gw, gf in zip(grad_w, grad_f))
        z.backward()
    return {w: -w.data * w.grad for w in weights}


def prune(net, batches, sparsity=0.9):
    scores = grasp_scores(net, batches)
    flat = torch.cat([s.flatten() for s in scores.values()])
    k = int(sparsity * flat.numel())
    threshold = torch.topk(flat, k)[0][-1]
    masks = {w: (s <= threshold).float() for w, s in scores.items()}
    for w, m in masks.items():
        w.data.mul_(m)
        w.grad = None
    return masks


if __name__ == "__main__":
    vgg = VGG(width=0.125)
    print(len(prune(vgg, [(torch.randn(2, 3, 32, 32), torch.randint(0, 10, (2,)))])))
