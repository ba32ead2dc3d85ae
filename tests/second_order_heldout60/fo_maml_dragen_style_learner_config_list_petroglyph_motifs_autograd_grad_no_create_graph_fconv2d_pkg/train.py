"""Few-shot classification of rock-art petroglyph motifs (spirals, anthropomorphs, zoomorphs, grids, ...)
from rubbings / photogrammetric depth tiles, MAML-Pytorch style driver."""
import argparse

import numpy as np
import torch

from meta import Meta


def motif_tasks(task_num, n_way, k_spt, k_qry, imgsz, rng):
    """Procedural stand-in for the motif database: each class is a random stroke template + noise."""
    def episode():
        templates = rng.rand(n_way, imgsz, imgsz) > 0.7
        def draw(k):
            x = np.concatenate([templates[c][None].repeat(k, 0) for c in range(n_way)]).astype(np.float32)
            x += 0.3 * rng.randn(*x.shape).astype(np.float32)
            y = np.repeat(np.arange(n_way), k)
            return torch.from_numpy(x).unsqueeze(1), torch.from_numpy(y)
        return draw(k_spt) + draw(k_qry)
    eps = [episode() for _ in range(task_num)]
    return [torch.stack([e[j] for e in eps]) for j in range(4)]


def main(args):
    torch.manual_seed(222)
    np.random.seed(222)
    rng = np.random.RandomState(0)
    config = [
        ('conv2d', [8, 1, 3, 3, 1, 1]),
        ('relu', [True]),
        ('bn', [8]),
        ('max_pool2d', [2, 2, 0]),
        ('conv2d', [8, 8, 3, 3, 1, 1]),
        ('relu', [True]),
        ('bn', [8]),
        ('max_pool2d', [2, 2, 0]),
        ('flatten', []),
        ('linear', [args.n_way, 8 * (args.imgsz // 4) ** 2]),
    ]
    maml = Meta(args, config)
    tmp = filter(lambda x: x.requires_grad, maml.parameters())
    num = sum(map(lambda x: np.prod(x.shape), tmp))
    print('Total trainable tensors:', num)

    for step in range(args.epoch):
        x_spt, y_spt, x_qry, y_qry = motif_tasks(args.task_num, args.n_way, args.k_spt, args.k_qry, args.imgsz, rng)
        accs = maml(x_spt, y_spt, x_qry, y_qry)
        print('step:', step, '\ttraining acc:', accs)

    x_spt, y_spt, x_qry, y_qry = motif_tasks(1, args.n_way, args.k_spt, args.k_qry, args.imgsz, rng)
    print('test acc:', maml.finetunning(x_spt[0], y_spt[0], x_qry[0], y_qry[0]))


if __name__ == '__main__':
    argparser = argparse.ArgumentParser()
    argparser.add_argument('--epoch', type=int, help='epoch number', default=3)
    argparser.add_argument('--n_way', type=int, help='n way', default=3)
    argparser.add_argument('--k_spt', type=int, help='k shot for support set', default=2)
    argparser.add_argument('--k_qry', type=int, help='k shot for query set', default=3)
    argparser.add_argument('--imgsz', type=int, help='imgsz', default=16)
    argparser.add_argument('--imgc', type=int, help='imgc', default=1)
    argparser.add_argument('--task_num', type=int, help='meta batch size, namely task num', default=2)
    argparser.add_argument('--meta_lr', type=float, help='meta-level outer learning rate', default=1e-3)
    argparser.add_argument('--update_lr', type=float, help='task-level inner update learning rate', default=0.4)
    argparser.add_argument('--update_step', type=int, help='task-level inner update steps', default=3)
    argparser.add_argument('--update_step_test', type=int, help='update steps for finetunning', default=4)
    args = argparser.parse_args()
    main(args)
